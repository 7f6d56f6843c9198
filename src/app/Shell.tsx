/** Everything around every page: toasts, the 412 modal, the loading overlay, scroll-to-top, the update prompt. */
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorModal } from '../ui/ErrorModal';
import { Toasts } from '../ui/Toasts';
import { useFeedback } from '../ui/feedback-store';
import { UpdatePrompt } from './UpdatePrompt';

export const SCROLL_TOP_THRESHOLD = 250;

function LoadingOverlay() {
  const pending = useFeedback((s) => s.pending);
  const { t } = useTranslation();
  if (!pending) return null;
  return (
    <div className="loading-overlay" role="progressbar" aria-label={t('app.loading')}>
      <div className="spinner" />
    </div>
  );
}

function ScrollToTop() {
  const [show, setShow] = useState(false);
  const { t } = useTranslation();
  useEffect(() => {
    const onScroll = () => setShow(window.scrollY > SCROLL_TOP_THRESHOLD);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!show) return null;
  return (
    <button
      type="button"
      className="scroll-top"
      aria-label={t('app.scrollTop')}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      ↑
    </button>
  );
}

export function Shell({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toasts />
      <ErrorModal />
      <LoadingOverlay />
      <ScrollToTop />
      <UpdatePrompt />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { decodeUnicode, useFeedback } from './feedback-store';

/** The 412 business-rule modal of spec §8 (1000 px wide). */
export function ErrorModal() {
  const message = useFeedback((s) => s.errorModal);
  const close = useFeedback((s) => s.closeError);
  const toast = useFeedback((s) => s.toast);
  const { t } = useTranslation();
  if (message === null) return null;
  const text = decodeUnicode(message);
  const copyAndClose = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast('success', t('errorModal.copiedToast'));
    } catch {
      toast('error', t('app.copyFailed'));
    }
    close();
  };
  return (
    <div className="modal-backdrop" role="presentation">
      <div className="modal error-modal" role="dialog" aria-modal="true" aria-labelledby="error-modal-title">
        <h2 id="error-modal-title">{t('errorModal.title')}</h2>
        <pre className="error-modal-message">{text}</pre>
        <div className="modal-actions">
          <button type="button" className="btn primary" onClick={() => void copyAndClose()}>
            {t('errorModal.copyClose')}
          </button>
          <button type="button" className="btn" onClick={close} autoFocus>
            {t('errorModal.close')}
          </button>
        </div>
      </div>
    </div>
  );
}

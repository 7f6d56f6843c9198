import { useTranslation } from 'react-i18next';
import { useFeedback } from './feedback-store';

/** Top-centre toasts; each starts with its upper-cased title (spec §8). */
export function Toasts() {
  const toasts = useFeedback((s) => s.toasts);
  const dismiss = useFeedback((s) => s.dismiss);
  const { t } = useTranslation();
  const titleOf = (kind: string, title?: string) =>
    (title ?? (kind === 'default' ? '' : t(`toast.${kind}`))).toUpperCase();
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast-${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          onClick={() => dismiss(toast.id)}
        >
          {titleOf(toast.kind, toast.title) && <strong>{titleOf(toast.kind, toast.title)}: </strong>}
          <span>{toast.message}</span>
        </div>
      ))}
    </div>
  );
}

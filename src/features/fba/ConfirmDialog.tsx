/** A question before something that cannot be undone (cancelling a plan, confirming an option): confirm or keep, Escape keeps. */
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';

export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  busy,
  danger = true,
  keepLabel,
  onConfirm,
  onClose,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  /** Something given up (a plan cancelled) rather than a choice made (an option confirmed). */
  danger?: boolean;
  keepLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="modal-backdrop" role="presentation">
      <div
        className="modal"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-message`}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        <p id={`${id}-message`}>{message}</p>
        <div className="modal-actions">
          <button type="button" className={`btn ${danger ? 'danger' : 'primary'}`} disabled={busy} onClick={onConfirm}>
            {confirmLabel}
          </button>
          <button type="button" className="btn" onClick={onClose} autoFocus>
            {keepLabel ?? t('fba.keep')}
          </button>
        </div>
      </div>
    </div>
  );
}

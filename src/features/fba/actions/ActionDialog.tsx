/**
 * The frame of a reshaping action (split, merge, revert, close): a form in a modal with what will
 * happen, the server's refusal in its own words right above the buttons (so the user can fix and
 * try again without losing what was typed), confirm or keep; Escape keeps.
 */
import { useEffect, useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Refusal } from '../steps/Refusal';

export function ActionDialog({
  title,
  confirmLabel,
  busy,
  refusal,
  danger = false,
  alert = false,
  testId,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  confirmLabel: string;
  busy: boolean;
  refusal: readonly string[];
  /** Something given up (plans cancelled at Amazon) rather than a change of shape. */
  danger?: boolean;
  /** A question with nothing to fill in (revert, close) is an alertdialog; a form (split, merge) a dialog. */
  alert?: boolean;
  testId: string;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
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
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onConfirm();
  };
  return (
    <div className="modal-backdrop" role="presentation">
      <form
        className="modal"
        role={alert ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-busy={busy}
        noValidate
        onSubmit={submit}
        data-testid={testId}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        {children}
        <Refusal lines={refusal} />
        <div className="modal-actions">
          <button type="submit" className={`btn ${danger ? 'danger' : 'primary'}`} disabled={busy}>
            {confirmLabel}
          </button>
          <button type="button" className="btn" onClick={onClose} autoFocus={alert}>
            {t('fba.reshape.notNow')}
          </button>
        </div>
      </form>
    </div>
  );
}

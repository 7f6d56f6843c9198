/**
 * The end of an edit form: the form-wide error (a refusal that names no field), then Save,
 * Cancel and — when editing an existing row — Delete.
 */
export function FormFooter({
  error,
  saveLabel,
  cancelLabel,
  onCancel,
  deleteLabel,
  onDelete,
}: {
  error?: string;
  saveLabel: string;
  cancelLabel: string;
  onCancel: () => void;
  deleteLabel?: string;
  /** Shown only when given (an existing row). */
  onDelete?: () => void;
}) {
  return (
    <>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="btn primary">
          {saveLabel}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          {cancelLabel}
        </button>
        {onDelete && (
          <button type="button" className="btn danger" onClick={onDelete}>
            {deleteLabel}
          </button>
        )}
      </div>
    </>
  );
}

/**
 * The typed-scan line of a floor screen: a code field (uncontrolled — a wedge burst of 20 keys
 * in a few milliseconds must not re-render the page per key), Add, the camera toggle, and the
 * screen's own extra fields and buttons. Enter or Add hands the code over and clears the field.
 */
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ScanFormProps {
  label: ReactNode;
  name: string;
  addLabel: string;
  onScan: (code: string) => void;
  camera: boolean;
  onCamera: () => void;
  disabled?: boolean;
  /** Fields and buttons between Add and the camera toggle (counts, print, close…). */
  children?: ReactNode;
  /** Fields between the code and Add. */
  fields?: ReactNode;
}

export function ScanForm({
  label,
  name,
  addLabel,
  onScan,
  camera,
  onCamera,
  disabled,
  children,
  fields,
}: ScanFormProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <form
      className="inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!input.current) return;
        onScan(input.current.value);
        input.current.value = '';
        input.current.focus();
      }}
    >
      <label className="field grow">
        <span>{label}</span>
        <input ref={input} name={name} autoComplete="off" autoFocus disabled={disabled} />
      </label>
      {fields}
      <button className="btn primary" type="submit" disabled={disabled}>
        {addLabel}
      </button>
      <button className="btn" type="button" onClick={onCamera} aria-pressed={camera}>
        {t('scan.camera')}
      </button>
      {children}
    </form>
  );
}

/**
 * The typed-scan line of a floor screen: a code field (uncontrolled — a wedge burst of 20 keys
 * in a few milliseconds must not re-render the page per key), Add, the camera toggle, and the
 * screen's own extra fields and buttons. Enter or Add hands the code over and clears the field.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
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
  // A handheld's on-screen keyboard would cover the screen at every refocus: on touch screens the
  // field asks for none until the user taps it to type (a wedge scanner needs no keyboard).
  const [typing, setTyping] = useState(() => !coarsePointer());
  useScanFieldFocus(input, !disabled);
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
        <input
          ref={input}
          name={name}
          autoComplete="off"
          autoFocus
          disabled={disabled}
          inputMode={typing ? undefined : 'none'}
          onPointerDown={() => setTyping(true)}
          onBlur={() => setTyping(!coarsePointer())}
          data-scan-field
        />
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

const coarsePointer = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(pointer: coarse)').matches;

/** Nothing else can take the scan field's place: no other field, button or open dialog has focus. */
const focusIsIdle = (): boolean => {
  const active = document.activeElement;
  return (
    (!active || active === document.body) &&
    !document.querySelector('dialog[open], [role="dialog"], [role="alertdialog"]')
  );
};

/**
 * Keeps the scan field focused on a floor screen (issue 22): when it becomes usable (a screen
 * that opens or reloads with the field disabled until its batch is loaded), and whenever focus
 * falls back to the page — a dialog closed, a button removed, the window or tab came back. A
 * wedge scan is captured at window level anyway (useWedgeScanner); this is for the person typing.
 */
export function useScanFieldFocus(field: { current: HTMLInputElement | null }, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const focus = () => field.current?.focus({ preventScroll: true });
    focus();
    let pending = 0;
    const soon = () => {
      window.clearTimeout(pending);
      // After the event that moved focus has settled (a dialog's own focus restore runs first).
      pending = window.setTimeout(() => focusIsIdle() && focus(), 50);
    };
    const onVisible = () => document.visibilityState === 'visible' && soon();
    document.addEventListener('focusout', soon);
    window.addEventListener('focus', soon);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearTimeout(pending);
      document.removeEventListener('focusout', soon);
      window.removeEventListener('focus', soon);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [field, enabled]);
}

// @vitest-environment jsdom
/**
 * The floor's scan field keeps focus (issue 22): it takes it when it becomes usable (a screen
 * that loads its batch first), and takes it back whenever focus falls to the page — a dialog
 * closed, a clicked button went away — but never from another field or an open dialog.
 */
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScanForm } from '../../src/scan/ScanForm';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (k: string) => k }) }));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const form = (disabled: boolean, extra?: React.ReactNode) => (
  <ScanForm
    label="Scan"
    name="code"
    addLabel="Add"
    onScan={() => undefined}
    camera={false}
    onCamera={() => undefined}
    disabled={disabled}
  >
    {extra}
  </ScanForm>
);

describe('scan field focus', () => {
  it('focuses the field once it is enabled', () => {
    const { rerender, container } = render(form(true));
    const field = container.querySelector('input[name=code]') as HTMLInputElement;
    expect(document.activeElement).not.toBe(field);
    rerender(form(false));
    expect(document.activeElement).toBe(field);
  });

  it('takes focus back when it falls to the page, not from another field or an open dialog', () => {
    const { container } = render(form(false, <input name="qty" />));
    const field = container.querySelector('input[name=code]') as HTMLInputElement;
    const qty = container.querySelector('input[name=qty]') as HTMLInputElement;
    act(() => field.blur());
    expect(document.activeElement).toBe(document.body);
    act(() => void vi.advanceTimersByTime(60));
    expect(document.activeElement).toBe(field);

    act(() => qty.focus());
    act(() => void vi.advanceTimersByTime(60));
    expect(document.activeElement).toBe(qty);

    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    document.body.appendChild(dialog);
    act(() => qty.blur());
    act(() => void vi.advanceTimersByTime(60));
    expect(document.activeElement).toBe(document.body);
    // The dialog closes: focus comes back to the scan field.
    dialog.remove();
    act(() => document.dispatchEvent(new FocusEvent('focusout')));
    act(() => void vi.advanceTimersByTime(60));
    expect(document.activeElement).toBe(field);
  });
});

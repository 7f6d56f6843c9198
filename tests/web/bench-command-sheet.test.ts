// @vitest-environment jsdom
/**
 * The command sheet on the bench (src/features/bench/CommandSheet.tsx): each command's Code 128
 * barcode with its name, code and what it does, in the user's language; Print hands a page of
 * the sheet alone to a hidden frame for the print dialog.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { createElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CommandSheet from '../../src/features/bench/CommandSheet';
import { de } from '../../src/locales/de';
import { en } from '../../src/locales/en';

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, de: { translation: de } },
  lng: 'de',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

afterEach(() => {
  cleanup();
  document.querySelectorAll('iframe').forEach((f) => f.remove());
});

describe('CommandSheet', () => {
  it('shows each command as a barcode with its name and code, and prints the sheet alone', async () => {
    let closed = 0;
    render(createElement(I18nextProvider, { i18n }, createElement(CommandSheet, { onClose: () => (closed += 1) })));
    const sheet = screen.getByTestId('bench-commands');
    expect(sheet.querySelector('h2')?.textContent).toBe('Befehls-Barcodes');
    const print = screen.getByTestId('bench-commands-print') as HTMLButtonElement;
    // The barcodes are drawn once bwip-js is loaded; Print waits for them.
    expect(print.disabled).toBe(true);
    await waitFor(() => expect(sheet.querySelectorAll('[data-testid=bench-command-barcode]')).toHaveLength(3));
    expect(print.disabled).toBe(false);
    const rows = [...sheet.querySelectorAll('li')].map((li) => [
      li.dataset.command,
      li.querySelector('.bench-command-name')?.textContent,
      li.querySelector('code')?.textContent,
    ]);
    expect(rows).toEqual([
      ['new_box', 'NEUER KARTON', '$$NEWBOX'],
      ['close_box', 'KARTON SCHLIESSEN', '$$CLOSEBOX'],
      ['undo', 'RÜCKGÄNGIG', '$$UNDO'],
    ]);
    const img = sheet.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(img.alt).toBe('$$NEWBOX');

    fireEvent.click(print);
    const frame = document.querySelector('iframe[data-testid=bench-commands-print]') as HTMLIFrameElement;
    expect(frame).not.toBeNull();
    expect(frame.getAttribute('aria-hidden')).toBe('true');
    // The frame's page is printed once it has loaded (jsdom has no print dialog).
    const win = frame.contentWindow as Window;
    win.focus = vi.fn();
    const printed = (win.print = vi.fn());
    await waitFor(() => expect(printed).toHaveBeenCalledOnce());
    const page = frame.srcdoc;
    expect(page).toContain('<html lang="de">');
    expect(page).toContain('<title>Packtisch · Befehls-Barcodes</title>');
    expect(page.match(/<section data-command=/g)).toHaveLength(3);
    expect(page).toContain('<p class="code">$$CLOSEBOX</p>');

    fireEvent.click(screen.getByRole('button', { name: 'Ausblenden' }));
    expect(closed).toBe(1);
  });
});

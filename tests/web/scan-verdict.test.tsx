// @vitest-environment jsdom
/** The last-scan panel shared by the four scan screens: prompt, or code + verdict + note, with its state attributes. */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ScanVerdict } from '../../src/scan/ScanVerdict';

afterEach(cleanup);

describe('ScanVerdict', () => {
  it('shows the prompt until there is a scan, then the code, its verdict and a note, coloured by the tone', () => {
    const { rerender } = render(
      <ScanVerdict tone="none" testId="panel" data={{ 'data-status': '' }} prompt="Scan a package" />,
    );
    const panel = screen.getByTestId('panel');
    expect(panel.className).toBe('last-scan last-scan-none');
    expect(panel.getAttribute('aria-live')).toBe('assertive');
    expect(panel.textContent).toBe('Scan a package');
    expect(panel.querySelector('.last-scan-code')).toBeNull();

    rerender(
      <ScanVerdict
        tone="duplicate"
        testId="panel"
        data={{ 'data-status': 'duplicate' }}
        prompt="Scan a package"
        code="1Z999"
        verdict="Duplicate"
        note="Checked on this device"
        noteTestId="note"
      />,
    );
    expect(panel.className).toBe('last-scan last-scan-duplicate');
    expect(panel.dataset.status).toBe('duplicate');
    expect(panel.querySelector('.last-scan-code')?.textContent).toBe('1Z999');
    expect(panel.querySelector('.last-scan-verdict')?.textContent).toBe('Duplicate');
    expect(screen.getByTestId('note').textContent).toBe('Checked on this device');
    expect(panel.textContent).not.toContain('Scan a package');
  });

  it('leaves out an empty note and keeps what the screen adds below the verdict', () => {
    for (const note of [undefined, null, false, '']) {
      render(
        <ScanVerdict tone="error" testId="panel" code="X" verdict="Not a location" note={note}>
          <button type="button">Retry</button>
        </ScanVerdict>,
      );
      const panel = screen.getByTestId('panel');
      expect(panel.querySelector('.last-scan-note')).toBeNull();
      expect(panel.lastElementChild?.textContent).toBe('Retry');
      cleanup();
    }
  });
});

// @vitest-environment jsdom
/** The scan flash animates one persistent layer per verdict, without a React render. */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFlash } from '../../src/scan/feedback';
import { ScanFlash } from '../../src/scan/ScanFlash';

afterEach(cleanup);

describe('ScanFlash', () => {
  it('each flash restarts the opacity animation of the same layer, in the verdict’s colour', () => {
    const animate = vi.fn();
    (HTMLElement.prototype as unknown as { animate: unknown }).animate = animate;
    let renders = 0;
    function Counted() {
      renders++;
      return <ScanFlash />;
    }
    render(<Counted />);
    const layer = screen.getByTestId('scan-flash');
    act(() => useFlash.getState().flash('duplicate'));
    act(() => useFlash.getState().flash('error'));
    expect(screen.getByTestId('scan-flash')).toBe(layer);
    expect(layer.dataset.kind).toBe('error');
    expect(layer.style.background).toBe('var(--err)');
    expect(animate).toHaveBeenCalledTimes(2);
    expect(animate.mock.calls[0][0]).toEqual([{ opacity: 0.55 }, { opacity: 0 }]);
    expect(renders).toBe(1);
  });
});

// @vitest-environment jsdom
/**
 * Browser fallback: the PDF goes into a hidden iframe as a blob URL and print() is called on
 * the frame; when the frame cannot print, the PDF opens in a new window instead.
 */
import { describe, expect, it, vi } from 'vitest';
import { printPdfInBrowser } from '../../printing/browser-print.js';

function stubUrls(): { created: Blob[] } {
  const created: Blob[] = [];
  window.URL.createObjectURL = (b: Blob) => {
    created.push(b);
    return `blob:test/${created.length}`;
  };
  window.URL.revokeObjectURL = () => undefined;
  return { created };
}

/** jsdom does not load blob: URLs, so fire the iframe's load event ourselves. */
function loadFramesWhenAdded(onFrame: (f: HTMLIFrameElement) => void): MutationObserver {
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      for (const node of r.addedNodes) {
        if (node instanceof HTMLIFrameElement) {
          Object.defineProperty(node.contentWindow, 'focus', { value: () => undefined }); // jsdom lacks it
          onFrame(node);
          node.dispatchEvent(new Event('load'));
        }
      }
    }
  });
  observer.observe(document.body, { childList: true });
  return observer;
}

describe('printPdfInBrowser', () => {
  it('prints from a hidden iframe holding the PDF blob', async () => {
    const { created } = stubUrls();
    const print = vi.fn();
    const observer = loadFramesWhenAdded((f) => {
      Object.defineProperty(f.contentWindow, 'print', { value: print });
    });
    const how = await printPdfInBrowser(new Uint8Array([37, 80, 68, 70]), { keepAliveMs: 1 });
    observer.disconnect();
    expect(how).toBe('iframe');
    expect(print).toHaveBeenCalledOnce();
    expect(created[0].type).toBe('application/pdf');
    const frame = document.querySelector('iframe');
    expect(frame?.src).toBe('blob:test/1');
    expect(frame?.style.visibility).toBe('hidden');
  });

  it('opens a new window when the frame cannot print', async () => {
    stubUrls();
    const observer = loadFramesWhenAdded((f) => {
      Object.defineProperty(f.contentWindow, 'print', {
        value: () => {
          throw new Error('blocked');
        },
      });
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(window);
    expect(await printPdfInBrowser(new Uint8Array([1]), { keepAliveMs: 1 })).toBe('window');
    observer.disconnect();
    expect(open).toHaveBeenCalledWith(expect.stringMatching(/^blob:/), '_blank');
  });
});

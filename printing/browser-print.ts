/**
 * Fallback when QZ Tray is not installed or no printer is configured: open the PDF in a hidden
 * iframe and call print(), so the user gets the system print dialog. If the browser will not
 * print a PDF from an iframe (some Safari/Firefox setups), the PDF opens in a new tab instead.
 * Resolves once the dialog (or tab) was opened — the browser does not tell us whether the user
 * actually printed, so callers report "dialog opened", never "printed".
 */
export interface BrowserPrintOptions {
  /** For tests and iframes-within-iframes; defaults to the global document. */
  document?: Document;
  /** How long the blob stays alive for the print dialog, ms. */
  keepAliveMs?: number;
}

export async function printPdfInBrowser(
  pdf: Uint8Array,
  options: BrowserPrintOptions = {},
): Promise<'iframe' | 'window'> {
  const doc = options.document ?? document;
  const view = doc.defaultView;
  if (!view) throw new Error('Browser printing needs a window');
  const url = view.URL.createObjectURL(new view.Blob([pdf as BlobPart], { type: 'application/pdf' }));
  const cleanupLater = (fn: () => void): void => {
    view.setTimeout(fn, options.keepAliveMs ?? 60_000);
  };

  const frame = doc.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
  const loaded = new Promise<void>((resolve) => frame.addEventListener('load', () => resolve(), { once: true }));
  frame.src = url;
  doc.body.appendChild(frame);
  await loaded;
  try {
    const win = frame.contentWindow;
    if (!win) throw new Error('no frame window');
    win.focus();
    win.print();
    cleanupLater(() => {
      frame.remove();
      view.URL.revokeObjectURL(url);
    });
    return 'iframe';
  } catch {
    frame.remove();
    const opened = view.open(url, '_blank');
    if (!opened) {
      view.URL.revokeObjectURL(url);
      throw new Error('The browser blocked the print window; allow pop-ups for this site');
    }
    cleanupLater(() => view.URL.revokeObjectURL(url));
    return 'window';
  }
}

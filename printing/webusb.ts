/**
 * A Zebra label printer plugged into the device, over WebUSB (Chrome and Edge on desktops, Chrome
 * on Android handhelds): ZPL bytes go straight to the printer's bulk OUT endpoint — no driver, no
 * QZ Tray, no dialog. The browser asks the user once to pair the printer (`pairUsbPrinter`, from
 * a click); afterwards `navigator.usb.getDevices()` hands it back on every page load, and labels
 * print without a tap.
 *
 * Only the few members of the WebUSB API used here are typed (TypeScript's DOM library has none),
 * so a test can pass a fake `navigator.usb` that records what is sent.
 */

/** Zebra Technologies' USB vendor id. */
export const ZEBRA_VENDOR_ID = 0x0a5f;

export interface UsbEndpointLike {
  endpointNumber: number;
  direction: 'in' | 'out';
  type: 'bulk' | 'interrupt' | 'isochronous';
}
export interface UsbAlternateLike {
  interfaceClass: number;
  endpoints: UsbEndpointLike[];
}
export interface UsbInterfaceLike {
  interfaceNumber: number;
  claimed: boolean;
  alternate: UsbAlternateLike;
  alternates?: UsbAlternateLike[];
}
export interface UsbConfigurationLike {
  configurationValue: number;
  interfaces: UsbInterfaceLike[];
}
export interface UsbDeviceLike {
  vendorId: number;
  productId: number;
  productName?: string;
  manufacturerName?: string;
  serialNumber?: string;
  opened: boolean;
  configuration: UsbConfigurationLike | null;
  configurations?: UsbConfigurationLike[];
  open(): Promise<void>;
  selectConfiguration(value: number): Promise<void>;
  claimInterface(interfaceNumber: number): Promise<void>;
  transferOut(endpointNumber: number, data: BufferSource): Promise<{ status: string; bytesWritten: number }>;
}
export interface UsbLike {
  getDevices(): Promise<UsbDeviceLike[]>;
  requestDevice(options: { filters: { vendorId?: number; classCode?: number }[] }): Promise<UsbDeviceLike>;
}

/** A USB printer error in words (no printer paired, the device refused the transfer…). */
export class UsbPrintError extends Error {
  override name = 'UsbPrintError';
}

/** The page's WebUSB, or null where the browser has none (Firefox, Safari, an http:// page). */
export function browserUsb(): UsbLike | null {
  const nav = typeof navigator === 'undefined' ? null : (navigator as Navigator & { usb?: UsbLike });
  return nav?.usb ?? null;
}

/** USB class 7: printers. A Zebra names its class 7 interface; some report vendor-specific (255). */
const PRINTER_CLASS = 7;

export const describeUsbPrinter = (d: UsbDeviceLike): string =>
  [d.manufacturerName, d.productName].filter(Boolean).join(' ') ||
  `USB printer ${d.vendorId.toString(16)}:${d.productId.toString(16)}`;

const isPrinter = (d: UsbDeviceLike) => d.vendorId === ZEBRA_VENDOR_ID;

/** Asks the user to choose the printer (needs a click): the browser remembers it for this site. */
export async function pairUsbPrinter(usb: UsbLike | null = browserUsb()): Promise<UsbDeviceLike> {
  if (!usb)
    throw new UsbPrintError('This browser cannot reach USB printers: use Chrome or Edge (or Chrome on Android)');
  try {
    return await usb.requestDevice({ filters: [{ vendorId: ZEBRA_VENDOR_ID }, { classCode: PRINTER_CLASS }] });
  } catch (err) {
    throw new UsbPrintError(
      err instanceof Error && err.name === 'NotFoundError'
        ? 'No printer was chosen'
        : `The USB printer could not be paired: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

/** The printer this site was allowed to use (paired before), or null. */
export async function pairedUsbPrinter(usb: UsbLike | null = browserUsb()): Promise<UsbDeviceLike | null> {
  if (!usb) return null;
  const devices = await usb.getDevices();
  return devices.find(isPrinter) ?? devices[0] ?? null;
}

/** The interface and bulk OUT endpoint the printer takes jobs on. */
function bulkOut(device: UsbDeviceLike): { iface: UsbInterfaceLike; endpoint: number } {
  const interfaces = device.configuration?.interfaces ?? [];
  const candidates = [...interfaces].sort(
    (a, b) =>
      Number(b.alternate.interfaceClass === PRINTER_CLASS) - Number(a.alternate.interfaceClass === PRINTER_CLASS),
  );
  for (const iface of candidates) {
    const out = iface.alternate.endpoints.find((e) => e.direction === 'out' && e.type === 'bulk');
    if (out) return { iface, endpoint: out.endpointNumber };
  }
  throw new UsbPrintError(
    `${describeUsbPrinter(device)} has no bulk OUT endpoint: it does not look like a label printer`,
  );
}

/** Opens the device, chooses its first configuration and claims the printing interface (once). */
async function ready(device: UsbDeviceLike): Promise<number> {
  if (!device.opened) await device.open();
  if (!device.configuration) {
    const value = device.configurations?.[0]?.configurationValue ?? 1;
    await device.selectConfiguration(value);
  }
  const { iface, endpoint } = bulkOut(device);
  if (!iface.claimed) await device.claimInterface(iface.interfaceNumber);
  return endpoint;
}

/** USB bulk transfers of at most this many bytes each (a long batch of labels goes in parts). */
const CHUNK = 16 * 1024;

/**
 * Sends ZPL to the paired USB printer. Resolves once the printer took every byte (each transfer
 * answered "ok"); a stall or a missing printer rejects with UsbPrintError.
 */
export async function printZplOverUsb(
  zpl: string,
  usb: UsbLike | null = browserUsb(),
  device?: UsbDeviceLike | null,
): Promise<{ printer: string; bytes: number }> {
  const printer = device ?? (await pairedUsbPrinter(usb));
  if (!printer)
    throw new UsbPrintError(
      usb
        ? 'No USB printer is paired with this browser: pair it in Printer settings (Connect USB printer)'
        : 'This browser cannot reach USB printers: use Chrome or Edge (or Chrome on Android)',
    );
  const bytes = new TextEncoder().encode(zpl);
  try {
    const endpoint = await ready(printer);
    for (let at = 0; at < bytes.length; at += CHUNK) {
      const part = bytes.subarray(at, Math.min(bytes.length, at + CHUNK));
      const result = await printer.transferOut(endpoint, part);
      if (result.status !== 'ok' || result.bytesWritten !== part.length)
        throw new UsbPrintError(`${describeUsbPrinter(printer)} did not take the label (${result.status})`);
    }
  } catch (err) {
    if (err instanceof UsbPrintError) throw err;
    throw new UsbPrintError(
      `${describeUsbPrinter(printer)}: ${err instanceof Error ? err.message : String(err)} — is it on and plugged in?`,
    );
  }
  return { printer: describeUsbPrinter(printer), bytes: bytes.length };
}

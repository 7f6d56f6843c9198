/**
 * QZ Tray bridge — the only file that imports qz-tray (browser; Node only in tests).
 *
 * QZ Tray is a local app that listens on a WebSocket (ws://localhost:8182 / wss://localhost.qz.io:8181)
 * and prints to the OS printers. The protocol, as qz-tray.js speaks it:
 *  1. open the socket; send `getVersion` (unsigned);
 *  2. send `{certificate}` — our site certificate from GET /api/printer/qz/certificate — QZ
 *     shows "trusted"/"untrusted" to the user based on it;
 *  3. every later call `{call, params, timestamp, uid, signature, signAlgorithm}` carries the
 *     signature of SHA-256(JSON{call,params,timestamp}) made by POST /api/printer/qz/sign;
 *  4. QZ answers `{uid, result}` or `{uid, error}`; an error rejects the call's promise.
 * A print resolves only after QZ handed the job to the OS spooler without error, so callers
 * never report a label as sent when QZ or the driver refused it.
 */
import qz, { type QzConnectOptions } from 'qz-tray';

export type QzSignAlgorithm = 'SHA1' | 'SHA256' | 'SHA512';

/** Injected so the browser calls the server endpoints and tests can sign locally. */
export interface QzSigner {
  /** PEM certificate (GET /api/printer/qz/certificate). */
  certificate: () => Promise<string>;
  /** Signature of QZ's request hash (POST /api/printer/qz/sign). */
  sign: (toSign: string) => Promise<string>;
  /** Must match what the server signs with; default SHA512. */
  algorithm?: QzSignAlgorithm;
}

export interface QzConnection {
  host?: string;
  /** One port to try (default: QZ's own list 8181… / 8182…). */
  port?: number;
  /** wss instead of ws; default: QZ's choice (secure on https pages). */
  secure?: boolean;
  /** Seconds between keep-alive pings; 0 disables (default QZ's 60). */
  keepAlive?: number;
  /** WebSocket constructor where there is no global one (Node: the `ws` package). */
  webSocket?: unknown;
}

export interface QzPrintOptions {
  /** Copies QZ makes by sending the job again (ZPL from our renderer carries ^PQ instead). */
  copies?: number;
  jobName?: string;
}

/** A QZ Tray / printer error, with QZ's own message. */
export class QzError extends Error {
  override name = 'QzError';
}

export interface QzBridge {
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  isConnected(): boolean;
  listPrinters(): Promise<string[]>;
  /** The exact printer name, or QzError when no printer matches. */
  findPrinter(name: string): Promise<string>;
  printRaw(printer: string, data: string, options?: QzPrintOptions): Promise<void>;
  printPdf(printer: string, base64: string, options?: QzPrintOptions): Promise<void>;
}

const message = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'QZ Tray request failed';

/** Run a QZ call and turn any rejection into a QzError that keeps QZ's message. */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new QzError(message(error), { cause: error });
  }
}

/**
 * One bridge per page: qz-tray keeps a single global connection, so the signer and socket
 * type installed here apply to the whole page.
 */
export function createQzBridge(signer: QzSigner, connection: QzConnection = {}): QzBridge {
  let connecting: Promise<void> | null = null;

  const install = (): void => {
    if (connection.webSocket) qz.api.setWebSocketType(connection.webSocket);
    qz.security.setCertificatePromise(
      (resolve, reject) => {
        signer.certificate().then(resolve, reject);
      },
      // Without a certificate QZ would fall back to an anonymous, prompt-on-every-print session.
      { rejectOnFailure: true },
    );
    qz.security.setSignatureAlgorithm(signer.algorithm ?? 'SHA512');
    qz.security.setSignaturePromise((toSign) => (resolve, reject) => {
      signer.sign(toSign).then(resolve, reject);
    });
  };

  const options = (): QzConnectOptions => {
    const o: QzConnectOptions = { retries: 0 };
    if (connection.host) o.host = connection.host;
    if (connection.port !== undefined) o.port = { secure: [connection.port], insecure: [connection.port] };
    if (connection.secure !== undefined) o.usingSecure = connection.secure;
    if (connection.keepAlive !== undefined) o.keepAlive = connection.keepAlive;
    return o;
  };

  const bridge: QzBridge = {
    isConnected: () => qz.websocket.isActive(),

    connect() {
      if (qz.websocket.isActive()) return Promise.resolve();
      connecting ??= call(async () => {
        install();
        await qz.websocket.connect(options());
      }).finally(() => {
        connecting = null;
      });
      return connecting;
    },

    async disconnect() {
      if (qz.websocket.isActive()) await call(() => qz.websocket.disconnect());
    },

    async listPrinters() {
      await bridge.connect();
      const found = await call(() => qz.printers.find());
      return Array.isArray(found) ? found : [found];
    },

    async findPrinter(name) {
      await bridge.connect();
      const found = await call(() => qz.printers.find(name));
      const exact = Array.isArray(found) ? (found.find((p) => p === name) ?? found[0]) : found;
      if (!exact) throw new QzError(`Printer "${name}" not found`);
      return exact;
    },

    async printRaw(printer, data, opts = {}) {
      await bridge.connect();
      const config = qz.configs.create(printer, { copies: opts.copies ?? 1, jobName: opts.jobName ?? null });
      await call(() => qz.print(config, [{ type: 'raw', format: 'command', flavor: 'plain', data }]));
    },

    async printPdf(printer, base64, opts = {}) {
      await bridge.connect();
      // scaleContent off: the PDF page already is the label size; scaling would shrink barcodes.
      const config = qz.configs.create(printer, {
        copies: opts.copies ?? 1,
        jobName: opts.jobName ?? null,
        scaleContent: false,
      });
      await call(() => qz.print(config, [{ type: 'pixel', format: 'pdf', flavor: 'base64', data: base64 }]));
    },
  };
  return bridge;
}

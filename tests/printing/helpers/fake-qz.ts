/**
 * A local stand-in for QZ Tray: a WebSocket server on 127.0.0.1 that speaks the JSON protocol
 * qz-tray.js uses (see printing/qz.ts for the steps): answers getVersion, takes the certificate,
 * checks the signature of every signed call, and implements printers.find and print against
 * a list of fake printers, recording each job.
 *
 * Not modelled: the TLS (wss) listener, the user's trust dialog, real RSA certificate checks
 * (a shared-secret verify function stands in), stream callbacks (printer status events).
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export interface FakePrintJob {
  printer: string;
  options: Record<string, unknown>;
  data: Array<{ type: string; format: string; flavor: string; data: string }>;
}

export interface FakeQzOptions {
  printers: string[];
  /** Printers that exist but fail every job with this message (driver/printer errors). */
  failing?: Record<string, string>;
  /** Checks a signature over the request hash. */
  verify: (toSign: string, signature: string) => boolean;
}

export interface FakeQz {
  port: number;
  certificates: Array<string | null>;
  jobs: FakePrintJob[];
  /** Every call name received, in order (unsigned and signed). */
  calls: string[];
  close(): Promise<void>;
}

interface Message {
  uid?: string;
  call?: string;
  params?: Record<string, unknown>;
  timestamp?: number;
  signature?: string;
  certificate?: string | null;
}

export const NOT_FOUND = 'Specified printer could not be found.';

export async function startFakeQz(opts: FakeQzOptions): Promise<FakeQz> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const state: FakeQz = {
    port: (server.address() as AddressInfo).port,
    certificates: [],
    jobs: [],
    calls: [],
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };

  const handle = (msg: Message, hasCert: boolean): { result?: unknown; error?: string } => {
    if (msg.call === 'getVersion') return { result: '2.2.4' };
    if (!hasCert) return { error: 'Certificate not received' };
    // QZ checks the signature over SHA-256 of {call, params, timestamp} as the client serialised it.
    const toSign = createHash('sha256')
      .update(JSON.stringify({ call: msg.call, params: msg.params, timestamp: msg.timestamp }), 'utf8')
      .digest('hex');
    if (!msg.signature || !opts.verify(toSign, msg.signature)) return { error: 'Invalid signature' };
    switch (msg.call) {
      case 'printers.find': {
        const query = msg.params?.query;
        if (typeof query !== 'string' || query === '') return { result: opts.printers };
        const match = opts.printers.find((p) => p.toLowerCase().includes(query.toLowerCase()));
        return match ? { result: match } : { error: NOT_FOUND };
      }
      case 'print': {
        const params = msg.params as {
          printer: { name: string };
          options: Record<string, unknown>;
          data: FakePrintJob['data'];
        };
        const name = params.printer?.name;
        if (!opts.printers.includes(name)) return { error: NOT_FOUND };
        if (opts.failing?.[name]) return { error: opts.failing[name] };
        state.jobs.push({ printer: name, options: params.options, data: params.data });
        return { result: null };
      }
      default:
        return { error: 'Invalid function call requested' };
    }
  };

  server.on('connection', (socket: WebSocket) => {
    let hasCert = false;
    socket.on('message', (raw) => {
      const text = raw.toString();
      if (text === 'ping') return; // keep-alive
      const msg = JSON.parse(text) as Message;
      if (msg.call) state.calls.push(msg.call);
      let reply: { result?: unknown; error?: string };
      if (!msg.call && 'certificate' in msg) {
        // Step 2 of the handshake: the site certificate (null = anonymous).
        state.certificates.push(msg.certificate ?? null);
        hasCert = true;
        reply = { result: null };
      } else {
        reply = handle(msg, hasCert);
      }
      socket.send(JSON.stringify({ uid: msg.uid, ...reply }));
    });
  });
  return state;
}

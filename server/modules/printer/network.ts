/**
 * Network label printers reached by the server (issue 38 defect 8): when Dockside runs on the
 * warehouse's own network, a Zebra (or any printer that takes raw jobs, JetDirect) at a station
 * prints ZPL the server writes to its raw port — 9100 — with no driver, dialog or QZ Tray. The
 * printer's address is the tenant's (its station printers, set by an administrator), never the
 * caller's, and must be an address of a private network (RFC 1918, link-local, loopback, IPv6
 * ULA): the server is not a relay to the internet. Connecting and sending have time limits, and
 * every failure is said in words (refused, no answer, no route, unknown name).
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, Socket } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { RAW_PRINT_PORT, type NetworkPrintResult } from '../../../domain/schemas/printer-admin.js';
import type { Deps, RequestContext } from '../../context.js';
import { stationPrinters } from '../../db/schema/index.js';
import { businessRule, forbidden, notFound, providerUnavailable } from '../../http/errors.js';

/** The warehouse's own networks: what a printer's address may resolve to. */
const LAN = new BlockList();
for (const [net, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
] as const)
  LAN.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['fc00::', 7],
  ['fe80::', 10],
  ['::1', 128],
] as const)
  LAN.addSubnet(net, prefix, 'ipv6');

/** Is this IP address on a private network (an IPv4-mapped IPv6 address is read as its IPv4)? */
export function onPrivateNetwork(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return LAN.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 4) return LAN.check(address, 'ipv4');
  if (family === 6) return LAN.check(address, 'ipv6');
  return false;
}

export interface RawSendLimits {
  /** How long to wait for the printer to accept the connection. */
  connectMs: number;
  /** How long the whole job may take once connected. */
  sendMs: number;
}
export const RAW_SEND_LIMITS: RawSendLimits = { connectMs: 5_000, sendMs: 20_000 };

/** The address to connect to: the host itself if it is an IP, else its first private address. */
async function resolvePrinter(host: string): Promise<string> {
  if (isIP(host)) {
    if (!onPrivateNetwork(host))
      throw businessRule(
        `The printer’s address ${host} is not on the warehouse’s network: the server prints only to private addresses (e.g. 192.168.x.x, 10.x.x.x)`,
      );
    return host;
  }
  let found: { address: string }[];
  try {
    found = await lookup(host, { all: true });
  } catch {
    throw businessRule(
      `The printer’s host name ${host} is not known on the server’s network: check the station printer’s address`,
    );
  }
  const inside = found.find((a) => onPrivateNetwork(a.address));
  if (!inside)
    throw businessRule(
      `The printer’s host name ${host} points outside the warehouse’s network (${found.map((a) => a.address).join(', ')}): the server prints only to private addresses`,
    );
  return inside.address;
}

const why = (code: string | undefined, where: string, limits: RawSendLimits): string => {
  switch (code) {
    case 'ECONNREFUSED':
      return `The printer at ${where} refused the connection: is it on, and does it take raw jobs on this port?`;
    case 'ETIMEDOUT':
    case 'connect-timeout':
      return `The printer at ${where} did not answer within ${limits.connectMs / 1000} s: is it on and on the network?`;
    case 'send-timeout':
      return `The printer at ${where} did not take the label within ${limits.sendMs / 1000} s: check it for paper or a fault`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `The server has no route to the printer at ${where}: is the server on the warehouse’s network?`;
    case 'ECONNRESET':
    case 'EPIPE':
      return `The printer at ${where} closed the connection before the label was sent: print it again`;
    default:
      return `The label could not be sent to the printer at ${where}${code ? ` (${code})` : ''}`;
  }
};

/**
 * Writes `data` to host:port and closes the connection; resolves once every byte is written and
 * the connection is closed (or half-closed with the data flushed). Any failure is an ApiError in
 * words.
 */
export async function sendRaw(
  host: string,
  port: number,
  data: Uint8Array,
  limits: RawSendLimits = RAW_SEND_LIMITS,
): Promise<void> {
  const address = await resolvePrinter(host);
  const where = `${host}:${port}`;
  await new Promise<void>((resolve, reject) => {
    const socket = new Socket();
    let settled = false;
    const done = (err?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      clearTimeout(sendTimer);
      socket.destroy();
      if (err === undefined) resolve();
      else reject(providerUnavailable(why(err, where, limits)));
    };
    const connectTimer = setTimeout(() => done('connect-timeout'), limits.connectMs);
    let sendTimer: NodeJS.Timeout | undefined;
    socket.once('error', (err: NodeJS.ErrnoException) => done(err.code ?? err.message));
    socket.connect({ host: address, port }, () => {
      clearTimeout(connectTimer);
      sendTimer = setTimeout(() => done('send-timeout'), limits.sendMs);
      socket.end(data, () => {
        // Every byte is handed to the network and our side is closed: a printer that keeps its
        // side open a moment longer is waited for briefly, never forever.
        setTimeout(() => done(), 1_000).unref();
      });
    });
    socket.once('close', (hadError) => {
      if (!hadError) done();
    });
  });
}

/** Floor staff print; a client's people do not reach the warehouse's printers. */
function assertWarehouse(ctx: RequestContext): void {
  if (ctx.isClient) throw forbidden('Network printers are the warehouse’s: a client account cannot print to them');
}

/** Sends ZPL to one of the tenant's station printers that has a network address. */
export async function printToNetworkPrinter(
  deps: Deps,
  ctx: RequestContext,
  printerId: number,
  zpl: string,
  limits: RawSendLimits = RAW_SEND_LIMITS,
): Promise<NetworkPrintResult> {
  assertWarehouse(ctx);
  const [printer] = await deps.db
    .select()
    .from(stationPrinters)
    .where(and(eq(stationPrinters.id, printerId), eq(stationPrinters.tenantId, ctx.tenantId)));
  if (!printer) throw notFound('Station printer');
  if (!printer.active) throw businessRule(`The printer ${printer.printerName} is switched off in the printer settings`);
  if (!printer.host)
    throw businessRule(
      `The printer ${printer.printerName} has no network address: an administrator adds its host (and port) to its station printer: Account › Printer settings, then Station printers`,
    );
  const port = printer.port ?? RAW_PRINT_PORT;
  const bytes = new TextEncoder().encode(zpl);
  await sendRaw(printer.host, port, bytes, limits);
  return { printerId: printer.id, printer: printer.printerName, host: printer.host, port, bytes: bytes.length };
}

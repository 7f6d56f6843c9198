/**
 * Network label printers reached by the server (issue 38 defect 8): POST /api/printer/network/print
 * sends the ZPL to the station printer's raw port, against a fake printer (a node:net server on
 * 127.0.0.1 that records every byte it receives). The printer's address is the tenant's, set by an
 * administrator and validated (a host or IP only; private networks only when printing); another
 * tenant's printer is not found; clients and users without printing rights are refused; a printer
 * that refuses the connection, does not answer in time or has no address is said in words, with
 * 503/412 — never a 500, never a false "sent".
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';

interface FakePrinter {
  port: number;
  jobs: Buffer[];
  server: Server;
  close(): Promise<void>;
}

/** A label printer's raw port: each connection is one job, recorded when the sender closes. */
async function fakePrinter(opts: { hold?: boolean } = {}): Promise<FakePrinter> {
  const jobs: Buffer[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    const parts: Buffer[] = [];
    socket.on('data', (d) => parts.push(d));
    socket.on('end', () => {
      jobs.push(Buffer.concat(parts));
      // A Zebra closes its side once the job is in; a held one keeps it open.
      if (!opts.hold) socket.end();
    });
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    jobs,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

// Loaded once the server is (its zod schemas come after the OpenAPI extension of zod).
let net: typeof import('../../server/modules/printer/network.js');
let s: TestServer;
let admin: string;
let receiver: string;
let printer: FakePrinter;
let stationId: number;
const ZPL = '^XA^FO20,20^BCN,80,Y,N,N^FDX00NETWORK1^FS^PQ2,0,1,Y^XZ';
const print = (body: unknown, token = receiver) => s.post('/api/printer/network/print', body, token);

beforeAll(async () => {
  s = await TestServer.start();
  net = await import('../../server/modules/printer/network.js');
  admin = await s.token('demo.admin');
  receiver = await s.token('demo.receiver');
  printer = await fakePrinter();
  const made = await s.post(
    '/api/printer/system-data',
    { station: 'Bench 1', printerName: 'ZD421 bench 1', host: '127.0.0.1', port: printer.port },
    admin,
  );
  expect(made.status, JSON.stringify(made.meta)).toBe(201);
  expect(made.body).toMatchObject({ host: '127.0.0.1', port: printer.port });
  stationId = made.body.id;
});
afterAll(async () => {
  await printer?.close();
  await s?.close();
});

describe('POST /api/printer/network/print', () => {
  it('sends the exact ZPL bytes to the station printer’s raw port, one connection per job', async () => {
    const res = await print({ printerId: stationId, zpl: ZPL });
    expect(res.status, JSON.stringify(res.meta)).toBe(200);
    expect(res.body).toEqual({
      printerId: stationId,
      printer: 'ZD421 bench 1',
      host: '127.0.0.1',
      port: printer.port,
      bytes: ZPL.length,
    });
    await expect.poll(() => printer.jobs.length).toBe(1);
    expect(printer.jobs[0].toString('utf8')).toBe(ZPL);
    // A batch of labels is one job: every byte, in order.
    const batch = Array.from({ length: 500 }, (_, i) => ZPL.replace('NETWORK1', String(i).padStart(8, '0'))).join('');
    expect((await print({ printerId: stationId, zpl: batch })).status).toBe(200);
    await expect.poll(() => printer.jobs.length).toBe(2);
    expect(printer.jobs[1].toString('utf8')).toBe(batch);
  });

  it('a printer that keeps its side open still gets the job; it is not waited for forever', async () => {
    const held = await fakePrinter({ hold: true });
    try {
      const station = await s.post(
        '/api/printer/system-data',
        { station: 'Bench 2', printerName: 'Held', host: 'localhost', port: held.port },
        admin,
      );
      const res = await print({ printerId: station.body.id, zpl: ZPL });
      expect(res.status, JSON.stringify(res.meta)).toBe(200);
      expect(held.jobs.map((j) => j.toString())).toEqual([ZPL]);
    } finally {
      await held.close();
    }
  });

  it('says why a printer cannot be reached: refused, no address, switched off — 503 and 412, never 500', async () => {
    const gone = await fakePrinter();
    const port = gone.port;
    await gone.close();
    const refused = await s.post(
      '/api/printer/system-data',
      { station: 'Bench 3', printerName: 'Unplugged', host: '127.0.0.1', port },
      admin,
    );
    const res = await print({ printerId: refused.body.id, zpl: ZPL });
    expect(res.status).toBe(503);
    expect(res.meta.error_list[0].message).toMatch(
      new RegExp(`The printer at 127.0.0.1:${port} refused the connection: is it on`),
    );

    const noHost = await s.post('/api/printer/system-data', { station: 'Desk', printerName: 'HP desk' }, admin);
    const without = await print({ printerId: noHost.body.id, zpl: ZPL });
    expect(without.status).toBe(412);
    expect(without.meta.error_list[0].message).toMatch(/HP desk has no network address/);

    const off = await s.post(
      '/api/printer/system-data',
      { station: 'Bench 4', printerName: 'Off', host: '127.0.0.1', port: printer.port, active: false },
      admin,
    );
    expect((await print({ printerId: off.body.id, zpl: ZPL })).status).toBe(412);
  });

  it('gives up on a printer that stops taking the job within the time limit', async () => {
    // A jammed printer: it accepts the connection and never reads, so a long job cannot be written.
    const jammed = createServer((socket) => socket.pause());
    await new Promise<void>((resolve) => jammed.listen(0, '127.0.0.1', resolve));
    const port = (jammed.address() as { port: number }).port;
    const limits = { ...net.RAW_SEND_LIMITS };
    net.RAW_SEND_LIMITS.sendMs = 400;
    try {
      const started = Date.now();
      const big = new Uint8Array(64 * 1024 * 1024).fill(0x41);
      const err = await net.sendRaw('127.0.0.1', port, big).then(
        () => null,
        (e: unknown) => e,
      );
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(err).toMatchObject({ status: 503 });
      expect(String((err as Error).message)).toMatch(
        new RegExp(`The printer at 127.0.0.1:${port} did not take the label within 0.4 s`),
      );
    } finally {
      Object.assign(net.RAW_SEND_LIMITS, limits);
      jammed.close();
    }
  });

  it('prints to private networks only, and takes a host or IP without scheme or port', async () => {
    expect(
      ['192.168.1.50', '10.0.0.9', '172.20.1.1', '169.254.3.3', '127.0.0.1', '::1', 'fd00::5', '::ffff:10.1.2.3'].every(
        net.onPrivateNetwork,
      ),
    ).toBe(true);
    expect(['8.8.8.8', '172.32.0.1', '2606:4700::1111', 'printer.local'].some(net.onPrivateNetwork)).toBe(false);
    const publicOne = await s.post(
      '/api/printer/system-data',
      { station: 'Bench 5', printerName: 'Outside', host: '8.8.8.8' },
      admin,
    );
    expect(publicOne.status).toBe(201);
    const outside = await print({ printerId: publicOne.body.id, zpl: ZPL });
    expect(outside.status).toBe(412);
    expect(outside.meta.error_list[0].message).toMatch(/8\.8\.8\.8 is not on the warehouse’s network/);
    for (const host of ['http://192.168.1.50', '192.168.1.50:9100', 'printer one', 'a/b'])
      expect(
        (await s.post('/api/printer/system-data', { station: 'X', printerName: 'Y', host }, admin)).status,
        host,
      ).toBe(400);
    expect(
      (
        await s.post(
          '/api/printer/system-data',
          { station: 'X', printerName: 'Y', host: '10.0.0.2', port: 70000 },
          admin,
        )
      ).status,
    ).toBe(400);
    // The body: a printer and ZPL.
    expect((await print({ printerId: stationId, zpl: 'hello' })).status).toBe(400);
    expect((await print({ zpl: ZPL })).status).toBe(400);
  });

  it('is the tenant’s and the warehouse’s: another tenant’s printer is not found; clients and the signed-out are refused', async () => {
    const jobs = printer.jobs.length;
    const north = await s.token('north.admin');
    expect((await print({ printerId: stationId, zpl: ZPL }, north)).status).toBe(404);
    expect((await print({ printerId: stationId, zpl: ZPL }, await s.token('demo.client2'))).status).toBe(403);
    expect((await print({ printerId: stationId, zpl: ZPL }, await s.token('demo.client'))).status).toBe(403);
    const anonymous = await s.started.app.request('/api/printer/network/print', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ printerId: stationId, zpl: ZPL }),
    });
    expect(anonymous.status).toBe(401);
    expect(printer.jobs.length).toBe(jobs);
  });
});

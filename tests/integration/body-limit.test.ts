/**
 * A body over the limit is refused with 413 before it is read; the unread rest of it would be
 * taken as the start of the next request on a kept-alive connection. Over a real socket: the
 * refusal closes the connection, and the client's next request (same agent) is answered.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';

let s: TestServer;
let server: ReturnType<typeof serve>;
let port = 0;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function send(
  method: string,
  path: string,
  body?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent,
        headers: body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {},
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

beforeAll(async () => {
  s = await TestServer.start();
  await new Promise<void>((resolve) => {
    server = serve({ fetch: s.started.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      port = info.port;
      resolve();
    });
  });
});
afterAll(async () => {
  agent.destroy();
  server.close();
  await s.close();
});

describe('a refused body on a kept-alive connection', () => {
  it('answers 413 with Connection: close, and the next request on the same agent succeeds', async () => {
    const big = JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' });
    const refused = await send('POST', '/api/authenticate/mfa', big);
    expect(refused.status).toBe(413);
    expect(refused.headers.connection).toBe('close');
    expect(JSON.parse(refused.text).meta.error_list[0].message).toMatch(/1 MiB/);
    for (let i = 0; i < 3; i++) {
      const next = await send('GET', '/api/health');
      expect(next.status).toBe(200);
      expect(JSON.parse(next.text).body).toEqual({ ok: true });
    }
  });
});

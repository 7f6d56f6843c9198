/**
 * The change stream opens with a one-minute, single-use ticket, never with the access token in
 * the URL (issue 22: a URL ends up in logs and history).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signStreamTicket } from '../../server/auth/stream-tickets.js';
import { TestServer } from '../helpers/server.js';

let s: TestServer;
let token: string;
let userId: number;
let tenantId: number;

beforeAll(async () => {
  s = await TestServer.start();
  const signedIn = await s.signIn('demo.receiver');
  token = signedIn.accessToken;
  userId = signedIn.userData.id;
  tenantId = signedIn.userData.tenantId;
});
afterAll(() => s.close());

/** Opens the stream and reads its first event, then lets go. */
async function open(query: string): Promise<{ status: number; first: string }> {
  const res = await s.started.app.request(`/api/sync/events${query}`);
  if (res.status !== 200 || !res.body) return { status: res.status, first: await res.text() };
  const reader = res.body.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return { status: res.status, first: new TextDecoder().decode(value) };
}

describe('stream tickets', () => {
  it('a ticket opens the stream once', async () => {
    const issued = await s.post('/api/sync/events/ticket', undefined, token);
    expect(issued.status).toBe(200);
    expect(Date.parse(issued.body.expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
    const first = await open(`?ticket=${encodeURIComponent(issued.body.ticket)}`);
    expect(first.status).toBe(200);
    expect(first.first).toContain('event: hello');
    const again = await open(`?ticket=${encodeURIComponent(issued.body.ticket)}`);
    expect(again.status).toBe(401);
    expect(again.first).toMatch(/used already/);
  });

  it('refuses the access token in the URL, no ticket, a forged or expired ticket, and anonymous ticket requests', async () => {
    expect((await open(`?access_token=${encodeURIComponent(token)}`)).status).toBe(401);
    expect((await open('')).status).toBe(401);
    expect((await open('?ticket=not.a.ticket')).status).toBe(401);
    const old = await signStreamTicket(
      s.deps.config.jwtSecret,
      { userId, tenantId, sessionId: 'x' },
      new Date(Date.now() - 120_000),
    );
    expect((await open(`?ticket=${encodeURIComponent(old.ticket)}`)).status).toBe(401);
    const forged = await signStreamTicket(
      'another-secret-of-at-least-32-chars!!',
      { userId, tenantId, sessionId: 'x' },
      new Date(),
    );
    expect((await open(`?ticket=${encodeURIComponent(forged.ticket)}`)).status).toBe(401);
    expect((await s.post('/api/sync/events/ticket', undefined)).status).toBe(401);
    // An access token is not a ticket either.
    expect((await open(`?ticket=${encodeURIComponent(token)}`)).status).toBe(401);
  });
});

/**
 * The provider HTTP core's handling of a refused access token: asked again once (the provider
 * may have expired it early), then a refusal that means "reconnect" — never a loop.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProviderFailure, ProviderHttp } from '../../server/integrations/http.js';

/** A provider that answers each call with the next status of `statuses`, and the token it saw. */
function provider(statuses: number[]) {
  const seen: string[] = [];
  const fetchFake: typeof fetch = async (_input, init) => {
    seen.push(new Headers(init?.headers).get('x-token') ?? '');
    const status = statuses.shift() ?? 200;
    return new Response(JSON.stringify(status === 200 ? { ok: true } : { error: 'expired' }), { status });
  };
  let issued = 0;
  let renewals = 0;
  const http = new ProviderHttp({
    provider: 'Test',
    baseUrl: 'http://provider.test',
    explain: (status) => [`refused ${status}`],
    fetch: fetchFake,
    sleep: async () => undefined,
    auth: async () => ({ 'x-token': `t${issued}` }),
    renewAuth: () => {
      renewals++;
      issued++;
    },
  });
  const call = () => http.call({ name: 'op', method: 'GET', path: '/thing', schema: z.object({ ok: z.boolean() }) });
  return { call, seen, renewals: () => renewals };
}

describe('a refused access token', () => {
  it.each([401, 403])('after a %i the token is renewed once and the call goes through', async (status) => {
    const p = provider([status, 200]);
    expect(await p.call()).toEqual({ ok: true });
    expect(p.seen).toEqual(['t0', 't1']);
    expect(p.renewals()).toBe(1);
  });

  it('refused again with a fresh token: an auth failure, after one renewal only', async () => {
    const p = provider([403, 403, 403]);
    const err = await p.call().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderFailure);
    expect(err).toMatchObject({ kind: 'auth', status: 403, messages: ['refused 403'] });
    expect(p.seen).toEqual(['t0', 't1']);
    expect(p.renewals()).toBe(1);
  });

  it('other refusals are not a reason to renew', async () => {
    const p = provider([400]);
    await expect(p.call()).rejects.toMatchObject({ kind: 'refused', status: 400 });
    expect(p.renewals()).toBe(0);
  });
});

describe('a failure the provider may have applied', () => {
  /** A provider answering each call with the next status; counts the calls. */
  function flaky(statuses: number[]) {
    let calls = 0;
    const http = new ProviderHttp({
      provider: 'Test',
      baseUrl: 'http://provider.test',
      explain: (status) => [`refused ${status}`],
      fetch: async () => {
        calls++;
        const status = statuses.shift() ?? 200;
        return new Response(JSON.stringify({ ok: status === 200 }), { status });
      },
      sleep: async () => undefined,
    });
    const call = (method: 'GET' | 'POST', extra: { repeatable?: boolean; headers?: Record<string, string> } = {}) =>
      http.call({ name: 'op', method, path: '/thing', schema: z.object({ ok: z.boolean() }), ...extra });
    return { call, calls: () => calls };
  }

  it('a read is sent again after a 5xx', async () => {
    const p = flaky([503, 200]);
    expect(await p.call('GET')).toEqual({ ok: true });
    expect(p.calls()).toBe(2);
  });

  it('a POST is not: the failure says it may have been applied', async () => {
    const p = flaky([503, 200]);
    const err = await p.call('POST').catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'unavailable', status: 503 });
    expect((err as ProviderFailure).messages[0]).toMatch(/may have been applied/);
    expect(p.calls()).toBe(1);
  });

  it('a POST that changes nothing, or carries an Idempotency-Key, is sent again', async () => {
    const search = flaky([500, 200]);
    expect(await search.call('POST', { repeatable: true })).toEqual({ ok: true });
    expect(search.calls()).toBe(2);
    const keyed = flaky([502, 200]);
    expect(await keyed.call('POST', { headers: { 'Idempotency-Key': 'k-1' } })).toEqual({ ok: true });
    expect(keyed.calls()).toBe(2);
  });

  it('a throttled POST is sent again: Amazon and the others did not apply it', async () => {
    const p = flaky([429, 200]);
    expect(await p.call('POST')).toEqual({ ok: true });
    expect(p.calls()).toBe(2);
  });
});

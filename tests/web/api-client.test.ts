// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiFailure, setUnauthorizedHandler } from '../../src/api/client';
import { useSession } from '../../src/app/session';
import { useFeedback } from '../../src/ui/feedback-store';

const envelope = (
  body: unknown,
  meta: Partial<Record<'error_list' | 'info_list' | 'warn_list', { message: string }[]>> = {},
) => ({ meta: { error_list: [], info_list: [], warn_list: [], ...meta }, body });
const future = `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.s`;
const past = `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) - 10 }))}.s`;

function mockFetch(status: number, json: unknown) {
  const fn = vi.fn(
    async (_url: URL | RequestInfo, _init?: RequestInit) =>
      new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

describe('API client', () => {
  beforeEach(() => {
    localStorage.clear();
    useFeedback.setState({ toasts: [], errorModal: null, pending: 0 });
    useSession.setState({ accessToken: null, refreshToken: null, user: null });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer only while the token is valid, plus app/page/language headers', async () => {
    useSession.setState({ accessToken: future });
    localStorage.setItem('activePage', 'nav.Clients');
    localStorage.setItem('activePageRoute', '/apps/company/company-management');
    const fetch = mockFetch(200, envelope({ ok: 1 }));
    expect(await api('GET', '/api/x')).toEqual({ ok: 1 });
    const headers = fetch.mock.calls[0][1]!.headers as Record<string, string>;
    expect(headers.authorization).toBe(`Bearer ${future}`);
    expect(headers).toMatchObject({
      app: 'dockside-web',
      page: 'nav.Clients',
      pageRoute: '/apps/company/company-management',
      language: 'en',
    });
    useSession.setState({ accessToken: past });
    await api('GET', '/api/x');
    expect((fetch.mock.calls[1][1]!.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('turns envelope lists into toasts of the right kind', async () => {
    mockFetch(
      200,
      envelope(null, {
        info_list: [{ message: 'Saved' }],
        warn_list: [{ message: 'Careful' }],
        error_list: [{ message: 'Partly failed' }],
      }),
    );
    await api('POST', '/api/x');
    expect(useFeedback.getState().toasts.map((t) => [t.kind, t.message])).toEqual([
      ['error', 'Partly failed'],
      ['success', 'Saved'],
      ['warning', 'Careful'],
    ]);
  });

  it('412 opens the error modal with unicode escapes decoded, no toast', async () => {
    mockFetch(412, envelope(null, { error_list: [{ message: 'Caf\\u00e9 closed' }] }));
    await expect(api('POST', '/api/x')).rejects.toBeInstanceOf(ApiFailure);
    expect(useFeedback.getState().errorModal).toBe('Café closed');
    expect(useFeedback.getState().toasts).toEqual([]);
  });

  it('a caller that shows a 412 inline gets no modal and no toast', async () => {
    mockFetch(412, envelope(null, { error_list: [{ message: 'Receiving has started' }] }));
    await expect(api('PUT', '/api/x', { quiet: true, inlineRefusal: true })).rejects.toMatchObject({
      status: 412,
      messages: ['Receiving has started'],
    });
    expect(useFeedback.getState().errorModal).toBeNull();
    expect(useFeedback.getState().toasts).toEqual([]);
  });

  it('401 clears the session keys and calls the sign-out handler', async () => {
    localStorage.setItem('accessToken', future);
    localStorage.setItem('userData', '{}');
    localStorage.setItem('currentTenant', 'demo');
    useSession.setState({ accessToken: future });
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockFetch(401, envelope(null, { error_list: [{ message: 'expired' }] }));
    await expect(api('GET', '/api/x')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(['accessToken', 'userData', 'currentTenant'].map((k) => localStorage.getItem(k))).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('400 shows each error as a toast; the loading counter returns to zero', async () => {
    mockFetch(400, envelope(null, { error_list: [{ message: 'name: required' }, { message: 'email: invalid' }] }));
    await expect(api('POST', '/api/x')).rejects.toMatchObject({
      status: 400,
      messages: ['name: required', 'email: invalid'],
    });
    expect(useFeedback.getState().toasts.map((t) => t.message)).toEqual(['name: required', 'email: invalid']);
    expect(useFeedback.getState().pending).toBe(0);
  });
});

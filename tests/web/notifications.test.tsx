// @vitest-environment jsdom
/**
 * The notifications screen (src/features/notifications/NotificationsPage): unread ones stand out
 * and can be marked read one by one or all at once (the header's count follows the answer); the
 * unread filter asks the server for unread only and says when there are none; the e-mail settings
 * send the kinds turned off.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../domain/schemas/notifications';

const t = (k: string, v?: Record<string, unknown>) => (v ? `${k} ${JSON.stringify(v)}` : k);
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t, i18n: { language: 'en' } }) }));
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, children, ...rest }: { to: string; children: React.ReactNode }) => (
    <a href={to} {...rest}>
      {children}
    </a>
  ),
}));
vi.mock('../../src/app/guard', () => ({ mayOpen: () => true }));
const getAs = vi.fn();
const postAs = vi.fn();
const putAs = vi.fn();
vi.mock('../../src/api/typed', () => ({
  getAs: (...a: unknown[]) => getAs(...a),
  postAs: (...a: unknown[]) => postAs(...a),
  putAs: (...a: unknown[]) => putAs(...a),
}));

const { default: NotificationsPage } = await import('../../src/features/notifications/NotificationsPage');
const { UNREAD_KEY } = await import('../../src/features/notifications/NotificationBell');

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const notice = (id: number, read: boolean, kind: Notification['kind'] = 'invoice.issued'): Notification => ({
  id,
  kind,
  subject: `Notice ${id}`,
  body: `Body ${id}`,
  link: `/apps/invoice/detail/${id}`,
  createdAt: '2026-11-28T10:00:00.000Z',
  read,
});

function server(content: Notification[], emailOff: string[] = []) {
  getAs.mockImplementation(async (path: string, _schema: unknown, opts: { query?: Record<string, unknown> }) => {
    if (path === '/api/notifications/preferences') return { emailOff };
    if (path === '/api/notifications') {
      const rows = opts.query?.unread === 'true' ? content.filter((n) => !n.read) : content;
      return {
        content: rows,
        pageNumber: 1,
        pageSize: 20,
        totalElements: rows.length,
        unread: content.filter((n) => !n.read).length,
      };
    }
    throw new Error(`unexpected GET ${path}`);
  });
}
function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <NotificationsPage />
    </QueryClientProvider>,
  );
  return qc;
}

describe('the notifications screen', () => {
  it('unread ones stand out; one or all are marked read and the header count follows', async () => {
    server([notice(2, false, 'fba.shipped'), notice(1, true)]);
    postAs.mockResolvedValue({ marked: 1, unread: 0 });
    const qc = renderPage();
    const unread = await screen.findByTestId('notification-2');
    expect(screen.getByTestId('mark-all-read').textContent).toBe('notifications.markAllRead {"count":1}');
    expect(unread.getAttribute('data-read')).toBe('false');
    expect(unread.className).toContain('unread');
    expect(unread.textContent).toContain('notifications.kinds.fba.shipped');
    expect(screen.getByTestId('notification-1').className).not.toContain('unread');
    expect(screen.queryByTestId('mark-read-1')).toBeNull();
    fireEvent.click(screen.getByTestId('mark-read-2'));
    await waitFor(() =>
      expect(postAs).toHaveBeenCalledWith(
        '/api/notifications/read',
        { ids: [2] },
        expect.anything(),
        expect.anything(),
      ),
    );
    await waitFor(() => expect(qc.getQueryData(UNREAD_KEY)).toEqual({ unread: 0 }));
    fireEvent.click(screen.getByTestId('mark-all-read'));
    await waitFor(() =>
      expect(postAs).toHaveBeenLastCalledWith(
        '/api/notifications/read',
        { all: true },
        expect.anything(),
        expect.anything(),
      ),
    );
  });

  it('unread only asks the server for unread, and says when there are none', async () => {
    server([notice(1, true)]);
    renderPage();
    await screen.findByTestId('notification-1');
    expect((screen.getByTestId('mark-all-read') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('mark-all-read').textContent).toBe('notifications.allRead');
    fireEvent.click(screen.getByTestId('only-unread'));
    expect((await screen.findByTestId('notifications-empty')).textContent).toBe('notifications.noneUnread');
    expect(getAs.mock.calls.some((c) => c[0] === '/api/notifications' && c[2].query.unread === 'true')).toBe(true);
  });

  it('the e-mail settings show what is off and send the kinds turned off', async () => {
    server([], ['invoice.issued']);
    putAs.mockImplementation(async (_p: string, body: unknown) => body);
    renderPage();
    expect((await screen.findByTestId('notifications-empty')).textContent).toBe('notifications.none');
    const invoice = (await screen.findByTestId('email-invoice.issued')) as HTMLInputElement;
    expect(invoice.checked).toBe(false);
    expect((screen.getByTestId('email-fba.shipped') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('email-fba.shipped'));
    fireEvent.click(screen.getByTestId('email-invoice.issued'));
    fireEvent.click(screen.getByTestId('save-email-prefs'));
    await waitFor(() => expect(putAs).toHaveBeenCalledTimes(1));
    expect(putAs.mock.calls[0][0]).toBe('/api/notifications/preferences');
    expect(putAs.mock.calls[0][1]).toEqual({ emailOff: ['fba.shipped'] });
  });
});

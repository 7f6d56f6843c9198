// @vitest-environment jsdom
/**
 * The not-authorised page names what is missing (issue 38, defect 2): a screen's guard in the real
 * router sends a user whose role lacks the screen's right to the page, which says — in the user's
 * language — the right's label and action, the role, and whom to ask: a warehouse administrator
 * under Account › Roles, by name when the server says who. A client on floor work is told it is
 * the warehouse's; the page opened directly keeps the general words.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider } from '@tanstack/react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserData } from '../../domain/schemas/auth';

const getAs = vi.fn();
vi.mock('../../src/api/typed', () => ({ getAs: (...a: unknown[]) => getAs(...a) }));
// The service worker's registration is the build's (virtual:pwa-register), not jsdom's.
vi.mock('../../src/app/UpdatePrompt', () => ({ UpdatePrompt: () => null }));

const { initI18n, setLanguage } = await import('../../src/app/i18n');
const { useSession } = await import('../../src/app/session');
const { refusalOf } = await import('../../src/app/guard');
const { router, NOT_AUTHORIZED } = await import('../../src/app/router');
const { SCREENS } = await import('../../src/app/registry');

/** Roughly the demo receiver before issue 38: the floor's rights, none on merchant fulfilment. */
const floorUser = (over: Partial<UserData> = {}): UserData => ({
  id: 2,
  companyId: 1,
  tenantId: 1,
  tenantKey: 'demo',
  fullname: 'Riley Receiver',
  username: 'demo.receiver',
  email: null,
  role: { roleName: 'Floor Staff', id: 3 },
  ability: [
    { action: 'read', subject: 'mainDashboard' },
    { action: 'manage', subject: 'deliveredPackages' },
    { action: 'update', subject: 'fba' },
  ],
  extendedResources: [],
  audience: 'Warehouse',
  companyName: 'Demo Prep Co',
  accountNo: 'C1000',
  mfaEnabled: false,
  mfaSetupRequired: false,
  langKey: 'en',
  ...over,
});

const signInAs = (user: UserData) =>
  useSession.setState({ user, accessToken: 'header.eyJleHAiOjQxMDI0NDQ4MDB9.sig', refreshToken: 'refresh' });

beforeAll(() => {
  // The router restores scroll positions; jsdom has no scrolling.
  window.scrollTo = () => undefined;
  initI18n();
});
afterEach(async () => {
  cleanup();
  vi.clearAllMocks();
  await setLanguage('en');
});

async function openPick() {
  render(<RouterProvider router={router} />);
  await act(() => router.navigate({ to: '/apps/outbound/fbm-force/pick/$batchId', params: { batchId: '7' } }));
  await waitFor(() => expect(router.state.location.pathname).toBe(NOT_AUTHORIZED));
  return screen.findByTestId('error-text');
}

describe('the not-authorised page', () => {
  it('names the missing right, the role and whom to ask, by name', async () => {
    getAs.mockResolvedValue([
      { id: 1, username: 'demo.admin', fullname: 'Dana Admin' },
      { id: 5, username: 'demo.mfa', fullname: 'Morgan Secure' },
    ]);
    signInAs(floorUser());
    const text = await openPick();
    expect(screen.getByRole('heading').textContent).toBe('Not authorized');
    expect(text.dataset.resource).toBe('mfn');
    expect(text.dataset.action).toBe('update');
    expect(text.textContent).toBe(
      '“Pick” needs the right “Merchant fulfilment” (Edit), which your role “Floor Staff” does not hold.',
    );
    const who = await screen.findByTestId('who-grants');
    await waitFor(() => expect(who.textContent).toContain('Dana Admin, Morgan Secure'));
    expect(who.textContent).toBe(
      'Ask a warehouse administrator (someone who may change roles under Account › Roles) to add it to your role. ' +
        'In your company they are: Dana Admin, Morgan Secure.',
    );
    expect(getAs.mock.calls[0][0]).toBe('/api/users/role-managers');
  });

  it('speaks the user’s language, and still says whom to ask when the names cannot be fetched', async () => {
    getAs.mockRejectedValue(new Error('offline'));
    await setLanguage('de');
    signInAs(floorUser());
    const text = await openPick();
    expect(text.textContent).toBe(
      '„Kommissionieren“ braucht das Recht „Händlerversand“ (Bearbeiten), das Ihre Rolle „Floor Staff“ nicht hat.',
    );
    expect(screen.getByTestId('who-grants').textContent).toContain('Konto › Rollen');
  });

  it('a client on floor work is told it is the warehouse’s; opened directly, the page keeps its general words', async () => {
    getAs.mockResolvedValue([]);
    const client = floorUser({ audience: 'Customer', ability: [{ action: 'manage', subject: 'all' }] });
    signInAs(client);
    const pickScreen = SCREENS.find((s) => s.path === '/apps/outbound/fbm-force/pick/$batchId')!;
    expect(refusalOf(pickScreen)).toEqual({ kind: 'warehouseOnly' });
    const text = await openPick();
    expect(text.textContent).toBe('This page is floor work of the warehouse: client accounts do not open it.');
    cleanup();
    render(<RouterProvider router={router} />);
    await act(() => router.navigate({ to: NOT_AUTHORIZED }));
    await waitFor(() =>
      expect(screen.getByTestId('error-text').textContent).toBe('Your role does not give access to this page.'),
    );
    expect(screen.queryByTestId('who-grants')).toBeNull();
  });
});

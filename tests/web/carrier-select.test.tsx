// @vitest-environment jsdom
/**
 * CarrierSelect (src/features/carriers): the warehouse's active carriers to choose from, parcel
 * and LTL apart (the work's kind first); a stored text that names a listed carrier by its code or
 * in other letters becomes that carrier's name; one that names none stays selectable as it is;
 * with no carriers it says where they are added (a link for those who may, the place to ask
 * otherwise). Also the pure helpers it stands on: matchCarrier and trackingUrlFor.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchCarrier, trackingUrlFor, type CarrierOption } from '../../domain/schemas/carriers';

const t = (k: string, v?: Record<string, unknown>) => (v ? `${k} ${JSON.stringify(v)}` : k);
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t, i18n: { language: 'en' } }) }));
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, children }: { to: string; children: React.ReactNode }) => <a href={to}>{children}</a>,
}));
const getAs = vi.fn();
vi.mock('../../src/api/typed', () => ({ getAs: (...a: unknown[]) => getAs(...a) }));
let user: { audience: string; ability: { action: string; subject: string }[] } = {
  audience: 'Warehouse',
  ability: [{ action: 'read', subject: 'generalSettings' }],
};
vi.mock('../../src/app/session', () => ({
  useSession: (pick: (s: { user: typeof user }) => unknown) => pick({ user }),
}));

const { CarrierSelect, CarrierServices } = await import('../../src/features/carriers/CarrierSelect');

const CARRIERS: CarrierOption[] = [
  { id: 1, name: 'FedEx', code: 'FDEG', kind: 'parcel', services: ['Ground', '2Day'], trackingUrl: null },
  {
    id: 2,
    name: 'Old Dominion',
    code: 'ODFL',
    kind: 'ltl',
    services: [],
    trackingUrl: 'https://odfl.example/trace?pro={tracking}',
  },
  {
    id: 3,
    name: 'UPS',
    code: 'UPSN',
    kind: 'parcel',
    services: ['Ground'],
    trackingUrl: 'https://ups.example/track?n={tracking}',
  },
];

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function Harness({ initial, kind }: { initial: string; kind?: 'parcel' | 'ltl' }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <CarrierSelect name="carrier" value={value} kind={kind} onChange={setValue} />
      <CarrierServices id="services" carrier={value} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const mount = (initial: string, carriers: CarrierOption[] = CARRIERS, kind?: 'parcel' | 'ltl') => {
  getAs.mockResolvedValue(carriers);
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Harness initial={initial} kind={kind} />
    </QueryClientProvider>,
  );
};

const select = () => screen.getByTestId('carrier-select-carrier') as HTMLSelectElement;
const labels = () => [...select().options].map((o) => o.textContent);

describe('CarrierSelect', () => {
  it('offers the active carriers, parcel and LTL apart with the work’s kind first, and gives back the name', async () => {
    const { container } = mount('', CARRIERS, 'ltl');
    await waitFor(() => expect(select().disabled).toBe(false));
    expect(getAs.mock.calls[0][0]).toBe('/api/common/carrier/options');
    expect([...container.querySelectorAll('optgroup')].map((g) => g.label)).toEqual([
      'carriers.kinds.ltl',
      'carriers.kinds.parcel',
    ]);
    expect(labels()).toEqual(['carriers.select.choose', 'Old Dominion (ODFL)', 'FedEx (FDEG)', 'UPS (UPSN)']);
    fireEvent.change(select(), { target: { value: 'UPS' } });
    expect(screen.getByTestId('value').textContent).toBe('UPS');
    // The chosen carrier's services are suggested.
    expect([...container.querySelectorAll('#services option')].map((o) => o.getAttribute('value'))).toEqual(['Ground']);
  });

  it('a stored text naming a carrier by its code or other letters becomes its name', async () => {
    mount('upsn');
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('UPS'));
    expect(select().value).toBe('UPS');
    cleanup();
    mount('fed-ex');
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('FedEx'));
  });

  it('a stored text naming no listed carrier stays, selectable as it is', async () => {
    mount('Stamps.com');
    await waitFor(() => expect(select().disabled).toBe(false));
    expect(select().value).toBe('Stamps.com');
    expect(labels()).toContain('carriers.select.unlisted {"name":"Stamps.com"}');
    expect(screen.getByTestId('value').textContent).toBe('Stamps.com');
  });

  it('with no carriers, says where they are added: a link for a manager, the place to ask for others', async () => {
    mount('', []);
    await screen.findByTestId('no-carriers');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/apps/settings/carriers');
    cleanup();
    user = { audience: 'Customer', ability: [] };
    mount('', []);
    const hint = await screen.findByTestId('no-carriers');
    expect(hint.textContent).toContain('carriers.select.askWarehouse');
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('matchCarrier and trackingUrlFor', () => {
  it('match by name first, then code, ignoring case, spaces, dots and dashes', () => {
    expect(matchCarrier(CARRIERS, ' ups ')?.id).toBe(3);
    expect(matchCarrier(CARRIERS, 'odfl')?.id).toBe(2);
    expect(matchCarrier(CARRIERS, 'Old-Dominion')?.id).toBe(2);
    expect(matchCarrier(CARRIERS, 'DHL')).toBeUndefined();
    expect(matchCarrier(CARRIERS, '')).toBeUndefined();
  });

  it('fill the tracking page with the number, encoded; none without a page or a number', () => {
    expect(trackingUrlFor(CARRIERS[2].trackingUrl, ' 1Z 99 ')).toBe('https://ups.example/track?n=1Z%2099');
    expect(trackingUrlFor(null, '1Z99')).toBeNull();
    expect(trackingUrlFor(CARRIERS[2].trackingUrl, '  ')).toBeNull();
  });
});

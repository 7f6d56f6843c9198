// @vitest-environment jsdom
/**
 * The Buy Shipping Labels form's customs section (src/features/shipping-labels + the shared
 * CustomsFields): hidden for a domestic parcel; shown once the ship-to country differs; an
 * incomplete declaration is said per field by the domain's schema and nothing is asked of the
 * server; goods over USD 2,500 under one HS number ask for "AES / ITN"; a complete one is sent with
 * the rate request.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

const t = (k: string, v?: Record<string, unknown>) => (v ? `${k} ${JSON.stringify(v)}` : k);
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t, i18n: { language: 'en' } }) }));
const getAs = vi.fn();
const postAs = vi.fn();
vi.mock('../../src/api/typed', () => ({
  getAs: (...a: unknown[]) => getAs(...a),
  postAs: (...a: unknown[]) => postAs(...a),
}));
vi.mock('../../src/ui/DataGrid', () => ({ DataGrid: () => null }));
vi.mock('../../src/app/session', () => ({
  useSession: (pick: (s: unknown) => unknown) => pick({ user: { audience: 'client' } }),
}));

const { default: ShippingLabelPage } = await import('../../src/features/shipping-labels/ShippingLabelPage');

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const field = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

function fillAddresses(toCountry: string) {
  for (const [k, v] of Object.entries({
    name: 'Dockside',
    line1: '1 Harbor Way',
    city: 'Newark',
    state: 'NJ',
    postalCode: '07114',
  }))
    type(`shipFrom.${k}`, v);
  for (const [k, v] of Object.entries({
    name: 'Ada',
    line1: '10 Downing St',
    city: 'London',
    state: 'LDN',
    postalCode: 'SW1A 2AA',
  }))
    type(`shipTo.${k}`, v);
  type('shipTo.countryCode', toCountry);
  type('weightLb', '2');
}

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <ShippingLabelPage />
    </QueryClientProvider>,
  );
}

describe('the customs section of the Buy Shipping Labels form', () => {
  it('is shown only across a border', () => {
    renderPage();
    fillAddresses('US');
    expect(screen.queryByTestId('label-customs')).toBeNull();
    type('shipTo.countryCode', 'GB');
    expect(screen.getByTestId('label-customs').textContent).toContain('"from":"US","to":"GB"');
  });

  it('an incomplete declaration is said per field and no rates are asked for', async () => {
    renderPage();
    fillAddresses('GB');
    fireEvent.click(screen.getByText('shippingLabels.shop'));
    const section = screen.getByTestId('label-customs');
    await waitFor(() => expect(section.textContent).toContain('Describe the item (at least 3 characters)'));
    expect(section.textContent).toContain('An HS tariff number of 6 to 10 digits');
    expect(section.textContent).toContain('A two-letter country code');
    expect(field('items.0.hsCode').getAttribute('aria-invalid')).toBe('true');
    expect(postAs).not.toHaveBeenCalled();
  });

  it('over USD 2,500 under one HS number it asks for "AES / ITN"; complete, it is sent with the rates', async () => {
    postAs.mockResolvedValue({ rates: [], refused: [], sandbox: true });
    renderPage();
    fillAddresses('GB');
    type('items.0.description', 'Espresso machine');
    type('items.0.quantity', '2');
    type('items.0.unitValue', '1400');
    type('items.0.hsCode', '8516.71');
    type('items.0.countryOfOrigin', 'it');
    type('items.0.unitWeightLb', '12');
    fireEvent.click(screen.getByText('shippingLabels.shop'));
    await waitFor(() =>
      expect(screen.getByTestId('label-customs').textContent).toContain('file the EEI in AES and declare "AES / ITN"'),
    );
    expect(postAs).not.toHaveBeenCalled();

    fireEvent.change(field('exportFiling'), { target: { value: 'AES / ITN' } });
    type('itn', 'X20261127123456');
    fireEvent.click(screen.getByText('shippingLabels.shop'));
    await waitFor(() => expect(postAs).toHaveBeenCalledTimes(1));
    const [path, body] = postAs.mock.calls[0] as [string, Record<string, unknown>];
    expect(path).toBe('/api/external/ship/rate/label/list/rates');
    expect(body).toMatchObject({
      shipTo: { countryCode: 'GB' },
      customs: {
        exportFiling: 'AES / ITN',
        itn: 'X20261127123456',
        items: [
          { description: 'Espresso machine', quantity: 2, unitValue: 1400, hsCode: '851671', countryOfOrigin: 'IT' },
        ],
      },
    });
  });

  it('another item can be added and removed', () => {
    renderPage();
    fillAddresses('DE');
    fireEvent.click(screen.getByText('customs.addItem'));
    expect(field('items.1.description')).not.toBeNull();
    fireEvent.click(screen.getAllByText('customs.removeItem')[1]);
    expect(field('items.1.description')).toBeNull();
  });
});

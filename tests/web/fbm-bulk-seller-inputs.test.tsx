// @vitest-environment jsdom
/**
 * Amazon Buy Shipping's additional seller inputs on Buy bulk shipping
 * (src/features/fbm-labels/BuyBulkShippingPage): before a run, an international order whose
 * Amazon service (the preset's pick here) asks for inputs shows its box in its row and a domestic
 * one does not; what the user gives goes with that order in the run, with the rate it was given
 * for. After a run that failed an order for them, the box shows under the failure (for the run's
 * rate) and "buy the failed ones again" sends the inputs in the run's update. The page's choices,
 * its run and the inputs typed come back after a reload of the tab, for that user only, until sign-out.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BulkOrderResult, LabelRun, OrderRate } from '../../domain/schemas/fbm-labels';
import type { UserData } from '../../domain/schemas/auth';
import { useSession } from '../../src/app/session';
import { sellerInput } from '../helpers/seller-inputs';

const t = (k: string, v?: Record<string, unknown>) => (v ? `${k} ${JSON.stringify(v)}` : k);
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t, i18n: { language: 'en' } }) }));
const getAs = vi.fn();
const postAs = vi.fn();
const putAs = vi.fn();
vi.mock('../../src/api/typed', () => ({
  getAs: (...a: unknown[]) => getAs(...a),
  postAs: (...a: unknown[]) => postAs(...a),
  putAs: (...a: unknown[]) => putAs(...a),
  delAs: vi.fn(),
}));
vi.mock('../../src/features/fbm-labels/labels-file', () => ({ downloadMerged: vi.fn(), printMerged: vi.fn() }));

const { default: BuyBulkShippingPage } = await import('../../src/features/fbm-labels/BuyBulkShippingPage');

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const AMAZON_INTL = 'amazon:UPS_PTP_STANDARD_INTL';
const row = (orderId: number, marketplaceOrderId: string, international: boolean) => ({
  orderId,
  marketplaceOrderId,
  companyId: 3,
  companyName: 'Acme',
  storeId: 4,
  storeName: 'Acme Amazon CA',
  salesChannel: 'Amazon.ca',
  batchNumber: null,
  units: 1,
  boxes: 1,
  shipTo: international ? 'Toronto ON CA' : 'Springfield IL US',
  international,
  labels: [],
  box: { lengthIn: 12, widthIn: 9, heightIn: 4, weightLb: 2 },
  suggestedBox: null,
  blockers: [],
});
const quote = (provider: OrderRate['provider'], rateId: string, totalCents: number): OrderRate => ({
  provider,
  rateId,
  carrier: provider === 'amazon' ? 'UPS' : 'USPS',
  carrierCode: provider === 'amazon' ? 'ups' : 'usps',
  service: 'Standard',
  serviceCode: `${provider}-std`,
  totalCents,
  currency: 'USD',
  deliveryDays: 5,
  cost: null,
  cheapest: false,
  fastest: false,
});
const contents = sellerInput();
const result = (orderId: number, marketplaceOrderId: string, over: Partial<BulkOrderResult>): BulkOrderResult => ({
  orderId,
  marketplaceOrderId,
  state: 'bought',
  labelIds: [],
  trackingNumbers: [],
  carrier: null,
  service: null,
  totalCents: null,
  error: null,
  needsInputs: null,
  ...over,
});
const runOf = (results: BulkOrderResult[]): LabelRun => ({
  id: 9,
  status: 'done',
  jobId: 'job-9',
  format: 'pdf',
  total: results.length,
  done: results.length,
  bought: results.filter((r) => r.state === 'bought').length,
  failed: results.filter((r) => r.state === 'failed').length,
  results,
  createdAt: '2026-11-27T10:00:00.000Z',
});

/** The server as the page reads it: a Canadian and a US order, Amazon's international rate cheapest for the first. */
function server(run: LabelRun) {
  getAs.mockImplementation(async (path: string) => {
    if (path.startsWith('/api/fbm/web/pick/batch')) return { content: [] };
    if (path === '/api/common/stores') return [];
    if (path === '/api/fbm/web/bulk/box/presets') return [];
    if (path.startsWith('/api/fbm/web/bulk/order/items')) return [row(7, 'CA-7', true), row(8, 'US-8', false)];
    if (path === `/api/fbm/web/bulk/shipping/${run.id}`) return run;
    throw new Error(`unexpected GET ${path}`);
  });
  postAs.mockImplementation(async (path: string) => {
    if (path === '/api/fbm/web/label/psh/rates')
      return [
        {
          orderId: 7,
          marketplaceOrderId: 'CA-7',
          parcels: 1,
          rates: [quote('amazon', AMAZON_INTL, 2460), quote('shipengine', 'se-intl', 3190)],
          refused: [],
          sandbox: true,
        },
        {
          orderId: 8,
          marketplaceOrderId: 'US-8',
          parcels: 1,
          rates: [quote('amazon', 'amazon:UPS_PTP_GND', 900), quote('shipengine', 'se-gnd', 700)],
          refused: [],
          sandbox: true,
        },
      ];
    if (path === '/api/fbm/web/label/psh/amazon/seller/inputs')
      return { orderId: 7, shippingServiceId: 'UPS_PTP_STANDARD_INTL', inputs: [contents] };
    if (path === '/api/fbm/web/bulk/shipping') return run;
    throw new Error(`unexpected POST ${path}`);
  });
  putAs.mockResolvedValue({ ...run, status: 'queued' });
}

function renderPage() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BuyBulkShippingPage />
    </QueryClientProvider>,
  );
}

async function shopBoth() {
  renderPage();
  await screen.findByTestId('bulk-orders');
  fireEvent.click(screen.getByRole('checkbox', { name: 'fbmLabels.bulk.selectAll' }));
  fireEvent.click(screen.getByText('fbmLabels.bulk.shop'));
  await screen.findByTestId('rate-CA-7');
}

const bodyOf = (mock: typeof postAs, path: string) => mock.mock.calls.find((c) => c[0] === path)?.[1];

describe('Amazon seller inputs on Buy bulk shipping', () => {
  it('before a run: the international order’s box in its row, its inputs sent with it in the run', async () => {
    server(runOf([result(7, 'CA-7', {}), result(8, 'US-8', {})]));
    await shopBoth();
    const ca = screen.getByTestId('bulk-order-CA-7');
    const box = await within(ca).findByTestId('seller-inputs-7');
    expect(bodyOf(postAs, '/api/fbm/web/label/psh/amazon/seller/inputs')).toEqual({ orderId: 7, rateId: AMAZON_INTL });
    expect(within(screen.getByTestId('bulk-order-US-8')).queryByTestId('seller-inputs-8')).toBeNull();
    fireEvent.change(box.querySelector('select[name="CUSTOMS_CONTENTS_TYPE"]')!, { target: { value: 'GIFT' } });
    expect(box.getAttribute('data-complete')).toBe('true');

    fireEvent.click(screen.getByTestId('bulk-buy'));
    await waitFor(() => expect(bodyOf(postAs, '/api/fbm/web/bulk/shipping')).toBeTruthy());
    const body = bodyOf(postAs, '/api/fbm/web/bulk/shipping');
    expect(body).toMatchObject({
      orderIds: [7, 8],
      preset: { kind: 'cheapest' },
      sellerInputs: { '7': { CUSTOMS_CONTENTS_TYPE: 'GIFT' } },
      // The preset's Amazon pick is kept for the order its inputs were given for; the other is left to the preset.
      rates: { '7': AMAZON_INTL },
    });
    expect(body.rates['8']).toBeUndefined();
  });

  it('after a run failed the order for them: its box under the failure, the inputs sent when it is bought again', async () => {
    const failed = result(7, 'CA-7', {
      state: 'failed',
      error: 'Amazon Buy Shipping needs more for order CA-7: Contents type (CUSTOMS_CONTENTS_TYPE): required',
      needsInputs: { rateId: AMAZON_INTL, inputs: [contents] },
    });
    server(runOf([failed, result(8, 'US-8', {})]));
    renderPage();
    await screen.findByTestId('bulk-orders');
    fireEvent.click(screen.getByRole('checkbox', { name: 'fbmLabels.bulk.selectAll' }));
    fireEvent.click(screen.getByTestId('bulk-buy')); // nothing shopped, nothing given: the preset decides
    const panel = await screen.findByTestId('bulk-run');
    expect(bodyOf(postAs, '/api/fbm/web/bulk/shipping').sellerInputs).toEqual({});
    const box = await within(panel).findByTestId('seller-inputs-7');
    expect(within(panel).getByTestId('bulk-failures').textContent).toContain(
      'Contents type (CUSTOMS_CONTENTS_TYPE): required',
    );
    expect(within(screen.getByTestId('bulk-order-CA-7')).queryByTestId('seller-inputs-7')).toBeNull(); // asked once, in the panel
    fireEvent.change(box.querySelector('select[name="CUSTOMS_CONTENTS_TYPE"]')!, { target: { value: 'MERCHANDISE' } });
    fireEvent.click(screen.getByTestId('bulk-buy-again'));
    await waitFor(() => expect(putAs).toHaveBeenCalledTimes(1));
    expect(putAs.mock.calls[0][0]).toBe('/api/fbm/web/bulk/shipping/9');
    expect(putAs.mock.calls[0][1]).toEqual({
      preset: { kind: 'cheapest' },
      format: 'pdf',
      dropOrderIds: [],
      sellerInputs: { '7': { CUSTOMS_CONTENTS_TYPE: 'MERCHANDISE' } },
      rates: { '7': AMAZON_INTL }, // the service the run asked the inputs for
    });
  });
});

const packer = (id: number) => ({ id, tenantKey: 'demo', username: `packer${id}` }) as UserData;
const checked = (name: string) => (screen.getByRole('checkbox', { name }) as HTMLInputElement).checked;

describe('after a reload of the tab', () => {
  afterEach(() => useSession.getState().clear());

  it('the selection, the preset, the inputs typed and the run come back; shopped rates are shopped again', async () => {
    useSession.setState({ user: packer(1) });
    const run = runOf([result(7, 'CA-7', {}), result(8, 'US-8', {})]);
    server(run);
    await shopBoth();
    const box = await within(screen.getByTestId('bulk-order-CA-7')).findByTestId('seller-inputs-7');
    fireEvent.change(box.querySelector('select[name="CUSTOMS_CONTENTS_TYPE"]')!, { target: { value: 'GIFT' } });
    fireEvent.change(screen.getByTestId('bulk-preset'), { target: { value: 'fastest' } });

    const reload = async () => {
      cleanup();
      vi.clearAllMocks();
      server(run);
      renderPage();
      await screen.findByTestId('bulk-orders');
    };
    await reload();
    expect(checked('CA-7') && checked('US-8')).toBe(true);
    expect((screen.getByTestId('bulk-preset') as HTMLSelectElement).value).toBe('fastest');
    expect(screen.queryByTestId('rate-CA-7')).toBeNull(); // quotes of the moment: not kept
    fireEvent.click(screen.getByText('fbmLabels.bulk.shop'));
    const again = await within(screen.getByTestId('bulk-order-CA-7')).findByTestId('seller-inputs-7');
    expect((again.querySelector('select[name="CUSTOMS_CONTENTS_TYPE"]') as HTMLSelectElement).value).toBe('GIFT');
    fireEvent.click(screen.getByTestId('bulk-buy'));
    await screen.findByTestId('bulk-run');
    const sent = bodyOf(postAs, '/api/fbm/web/bulk/shipping');
    expect(sent).toMatchObject({
      preset: { kind: 'fastest' },
      sellerInputs: { '7': { CUSTOMS_CONTENTS_TYPE: 'GIFT' } },
    });

    await reload();
    await screen.findByTestId('bulk-run'); // the run is read again, its results beside the orders
    expect(getAs).toHaveBeenCalledWith('/api/fbm/web/bulk/shipping/9', expect.anything(), expect.anything());
    // Buy pressed again after the reload sends the kept request key: the server answers with the same run.
    fireEvent.click(screen.getByTestId('bulk-buy'));
    await waitFor(() => expect(bodyOf(postAs, '/api/fbm/web/bulk/shipping')).toBeTruthy());
    expect(bodyOf(postAs, '/api/fbm/web/bulk/shipping').requestKey).toBe(sent.requestKey);
  });

  it('another user of the tab, or the same after signing out, starts clean; a draft that does not read is ignored', async () => {
    useSession.setState({ user: packer(1) });
    server(runOf([result(7, 'CA-7', {}), result(8, 'US-8', {})]));
    await shopBoth();
    expect(checked('CA-7')).toBe(true);
    cleanup();

    useSession.setState({ user: packer(2) });
    sessionStorage.setItem('dockside.draft.demo.2.fbm-bulk-labels.selected', '"not a list"');
    renderPage();
    await screen.findByTestId('bulk-orders');
    expect(checked('CA-7') || checked('US-8')).toBe(false);
    expect(screen.queryByTestId('bulk-run')).toBeNull();
    cleanup();

    useSession.getState().clear();
    expect(Object.keys(sessionStorage).filter((k) => k.startsWith('dockside.draft.'))).toEqual([]);
    useSession.setState({ user: packer(1) });
    renderPage();
    await screen.findByTestId('bulk-orders');
    expect(checked('CA-7')).toBe(false);
  });
});

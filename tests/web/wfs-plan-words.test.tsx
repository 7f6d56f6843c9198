// @vitest-environment jsdom
/**
 * The WFS plan's words (issue 38, defect 10), rendered with the real locales: the header's step
 * badge names WFS's own steps (Preview, Carrier — never a raw key such as fba.steps.preview), a
 * plan at the Labels step reads "Shipping", not "Shipped"; the plan list says "Walmart store";
 * a shipment's status is worded (not CREATED); the journal calls packing "Packing done", not
 * "Items changed", and shows the moments inside its sentences in the reader's format, not ISO.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WfsPlanDetail } from '../../domain/schemas/wfs';
import { en } from '../../src/locales/en';

vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, children }: { to: string; children: React.ReactNode }) => <a href={to}>{children}</a>,
}));
vi.mock('../../src/features/wfs/rights', () => ({ mayChangeWfs: () => true, mayCreateWfs: () => true }));
vi.mock('../../src/features/wfs/api', () => ({
  useWfsAction: () => ({ busy: null, refusal: [], run: vi.fn() }),
}));

const { initI18n } = await import('../../src/app/i18n');
const { WfsPlanHeader } = await import('../../src/features/wfs/WfsPlanWorkspace');
const { JournalPanel } = await import('../../src/features/fba/JournalPanel');
const { planColumns } = await import('../../src/features/fba/plan-columns');
const { WfsShippedStep } = await import('../../src/features/wfs/steps/WfsShippedStep');

type Tree = { [k: string]: string | Tree };
const keys = (t: Tree, prefix = ''): string[] =>
  Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
const KEYS = new Set(keys(en as Tree));
const NAMESPACES = Object.keys(en);
/** Text that is an i18n key: a key of en.ts, or a dotted path under one of its namespaces. */
const rawKeys = (text: string) =>
  (text.match(/\b[a-z][a-zA-Z]+(\.[a-zA-Z_]+)+\b/g) ?? []).filter(
    (m) => KEYS.has(m) || NAMESPACES.includes(m.split('.')[0]!),
  );

const plan = (over: Partial<WfsPlanDetail>): WfsPlanDetail =>
  ({
    id: 7,
    companyId: 2,
    companyName: 'Acme',
    accountNo: 'C001',
    storeId: 3,
    storeName: 'Acme Walmart',
    name: 'Spring WFS',
    status: 'open',
    step: 'items',
    inboundPlanId: null,
    operationId: null,
    operation: null,
    skus: 2,
    units: 12,
    createdBy: 1,
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    channel: 'wfs',
    items: [],
    reservations: [],
    events: [],
    preview: null,
    shipments: [],
    notes: null,
    ...over,
  }) as WfsPlanDetail;

beforeAll(() => {
  localStorage.setItem('language', 'en');
  initI18n();
});
afterEach(cleanup);

describe('the WFS plan header', () => {
  for (const [step, status, words] of [
    ['preview', 'open', ['Preview', 'Working']],
    ['carrier', 'box_dims', ['Carrier']],
    ['labels', 'shipping', ['Labels', 'Shipping']],
  ] as const)
    it(`at ${step}: the badges read ${words.join(', ')}, no raw key`, () => {
      const { container } = render(<WfsPlanHeader plan={plan({ step, status })} />);
      const text = container.textContent ?? '';
      expect(rawKeys(text)).toEqual([]);
      for (const w of words) expect(text).toContain(w);
      if (step === 'labels') expect(container.querySelector('[data-status]')?.textContent).toBe('Shipping');
    });
});

describe('the WFS plan list, shipments and journal', () => {
  it('the list’s store column names Walmart, the plan id column Walmart’s inbound order', () => {
    const { t } = { t: (k: string) => k.split('.').reduce<unknown>((a, p) => (a as Tree)[p], en) as string };
    const headers = planColumns(t as never, 'en', { client: true, channel: 'wfs' }).map((c) => c.header);
    expect(headers).toContain('Walmart store');
    expect(headers).toContain('Walmart inbound order');
    expect(headers).not.toContain('Amazon store');
  });

  it('a shipment’s Walmart status is worded', () => {
    const shipped = plan({
      step: 'shipped',
      status: 'shipping',
      shipments: [{ shipmentId: 'S1', status: 'CREATED', boxes: 2 } as WfsPlanDetail['shipments'][number]],
    });
    render(<WfsShippedStep plan={shipped} state="current" />);
    expect(screen.getByTestId('wfs-shipment-status').textContent).toBe('Created');
  });

  it('packing done reads so, and moments in its sentences are in the reader’s format', () => {
    const { container } = render(
      <JournalPanel
        events={[
          {
            id: 1,
            at: '2025-03-01T10:00:00.000Z',
            userId: 1,
            username: 'demo.admin',
            kind: 'packed',
            message: 'Packed: 2 boxes closed, measured and weighed; on to the carrier',
            request: null,
            response: null,
          },
          {
            id: 2,
            at: '2025-03-01T11:00:00.000Z',
            userId: 1,
            username: 'demo.admin',
            kind: 'walmart.answered',
            message: 'Shipment S1 travels with FedEx; void it until 2025-03-02T11:00:00.000Z',
            request: null,
            response: null,
          },
        ]}
      />,
    );
    const text = container.textContent ?? '';
    expect(text).toContain('Packing done');
    expect(text).not.toContain('Items changed');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    expect(text).toContain('void it until 03/02/2025');
    expect(rawKeys(text)).toEqual([]);
  });
});

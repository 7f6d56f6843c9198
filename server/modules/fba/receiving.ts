/**
 * Receiving at Amazon (issue 18 step 8): after the boxes leave, a job follows each shipment —
 * its status (v2024 getShipment) and each SKU's units shipped and received (v0
 * getShipmentItemsByShipmentId) — and writes them on the plan: the plan reaches `receiving` when
 * Amazon has the boxes, is closed when every shipment is closed, and a shipment Amazon closed
 * with fewer units than were shipped is flagged for a claim, in the journal too.
 */
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { PlanChannel, PlanDetail } from '../../../domain/schemas/fba.js';
import type { Deps, RequestContext } from '../../context.js';
import { planShipments, shipmentPlans, stores } from '../../db/schema/index.js';
import { lockChangeFeed } from '../../feed/changes.js';
import { businessRule } from '../../http/errors.js';
import { provideJob } from '../../jobs/store-pulls.js';
import { amazonClientFor } from '../stores/amazon.js';
import { withStore } from '../stores/connection.js';
import { publishPlan } from '../bench/feed.js';
import { type Words } from '../../http/words.js';
import { journal } from './journal.js';
import { planRecord, type PlanRecord } from './plan-record.js';
import { planDetail } from './plans.js';
import { planLinkOf } from './ship.js';
import { notifyCompany } from '../notifications/service.js';
import { resumeStaleClaims } from './resume.js';

/** Amazon has the boxes from here on. */
const AT_AMAZON = ['DELIVERED', 'CHECKED_IN', 'RECEIVING', 'CLOSED'];

export interface ReceivedLine {
  msku: string;
  shipped: number;
  received: number;
}

/** A closed shipment whose received units fall short of (or exceed) what was shipped. */
export function discrepancyOf(status: string, lines: ReceivedLine[]): ReceivedLine[] {
  return status === 'CLOSED' ? lines.filter((l) => l.received !== l.shipped) : [];
}

/** The short lines as words, one per SKU (the notice says them in the reader's language). */
const shortWords = (lines: ReceivedLine[]): Words[] =>
  lines.map((l) => ({ key: 'notices.shortLine', params: { msku: l.msku, received: l.received, shipped: l.shipped } }));

export const discrepancyWords = (lines: ReceivedLine[]) =>
  lines.map((l) => `${l.msku}: ${l.received} of ${l.shipped} received`).join('; ');

type ShipmentRecord = typeof planShipments.$inferSelect;

/** A shipment as the marketplace last reported it. */
export interface ReadShipment {
  row: ShipmentRecord;
  status: string;
  received: ReceivedLine[];
}

/**
 * Writes what the marketplace reported of a shipped plan's shipments, under the plan's lock: each
 * changed shipment (status, units received, discrepancy) with a journal line; the plan reaches
 * `receiving` once the marketplace has any shipment, `closed` when it closed every one. Answers
 * whether anything changed. Both channels' receiving use it.
 */
export async function writeReceiving(
  deps: Deps,
  plan: PlanRecord,
  read: ReadShipment[],
  opts: {
    marketplace: string;
    /** The statuses in which the marketplace has the boxes. */
    atMarketplace: string[];
    nameOf: (row: ShipmentRecord) => string;
    onChange?: (row: ShipmentRecord, status: string, received: ReceivedLine[], short: ReceivedLine[]) => void;
  },
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    await lockChangeFeed(tx, plan.tenantId);
    const [locked] = await tx.select().from(shipmentPlans).where(eq(shipmentPlans.id, plan.id)).for('update');
    if (!locked || locked.status === 'cancelled' || locked.status === 'closed') return false;
    const at = deps.now().toISOString();
    let changed = false;
    for (const { row, status, received } of read) {
      const short = discrepancyOf(status, received);
      const same =
        row.status === status &&
        JSON.stringify(row.received ?? []) === JSON.stringify(received) &&
        row.discrepancy === short.length > 0;
      if (same) continue;
      changed = true;
      await tx
        .update(planShipments)
        .set({ status, received, discrepancy: short.length > 0, updatedAt: at })
        .where(eq(planShipments.id, row.id));
      opts.onChange?.(row, status, received, short);
      const units = (key: 'shipped' | 'received') => received.reduce((n, l) => n + l[key], 0);
      await journal(tx, locked, null, at, {
        kind: 'received',
        message: `Shipment ${opts.nameOf(row)} is ${status.toLowerCase().replace(/_/g, ' ')} at ${opts.marketplace}: ${units('received')} of ${units('shipped')} units received${
          short.length ? `. Discrepancy for a claim — ${discrepancyWords(short)}` : ''
        }`,
        response: { status, received },
      });
    }
    const statuses = read.map((r) => r.status);
    const arrived = statuses.some((x) => opts.atMarketplace.includes(x));
    const allClosed = statuses.length > 0 && statuses.every((x) => x === 'CLOSED');
    const step = locked.step === 'shipped' && arrived ? 'receiving' : locked.step;
    const status = allClosed ? 'closed' : locked.status;
    if (step !== locked.step || status !== locked.status) {
      changed = true;
      const [updated] = await tx
        .update(shipmentPlans)
        .set({ step, status, ...(step !== locked.step ? { stepAt: at } : {}), updatedAt: at })
        .where(eq(shipmentPlans.id, plan.id))
        .returning();
      await publishPlan(tx, updated, false);
    }
    return changed;
  });
}

/** Reads each shipment of a shipped plan from Amazon and writes what changed. Answers whether anything did. */
export async function trackPlan(deps: Deps, plan: PlanRecord): Promise<boolean> {
  const [store] = await deps.db.select().from(stores).where(eq(stores.id, plan.storeId));
  const client = await amazonClientFor(deps, store);
  const rows = await deps.db.select().from(planShipments).where(eq(planShipments.planId, plan.id));
  const read: ReadShipment[] = [];
  for (const row of rows) {
    const s = await withStore(deps, store, () => client.inbound.getShipment(plan.inboundPlanId!, row.shipmentId));
    const items = row.confirmationId
      ? await withStore(deps, store, () => client.inbound.shipmentItems(row.confirmationId!))
      : [];
    const received: ReceivedLine[] = items.map((i) => ({
      msku: i.SellerSKU,
      shipped: i.QuantityShipped,
      received: i.QuantityReceived ?? 0,
    }));
    read.push({ row, status: s.status ?? row.status, received });
  }
  const phases: { phase: 'CHECKED_IN' | 'CLOSED'; name: string; body: Words }[] = [];
  const ref = plan.inboundPlanId ?? '';
  const changed = await writeReceiving(deps, plan, read, {
    marketplace: 'Amazon',
    atMarketplace: AT_AMAZON,
    nameOf: (row) => row.name ?? row.confirmationId ?? row.shipmentId,
    // Spec's shipment e-mail phases: the client hears when Amazon checks a shipment in and closes it.
    onChange: (row, status, received, short) => {
      const units = (key: 'shipped' | 'received') => received.reduce((n, l) => n + l[key], 0);
      const was = AT_AMAZON.indexOf(row.status);
      const name = row.name ?? row.confirmationId ?? row.shipmentId;
      if (AT_AMAZON.indexOf(status) >= AT_AMAZON.indexOf('CHECKED_IN') && was < AT_AMAZON.indexOf('CHECKED_IN'))
        phases.push({
          phase: 'CHECKED_IN',
          name,
          body: { key: 'notices.checkedInBody', params: { shipment: name, plan: plan.name, ref } },
        });
      if (status === 'CLOSED' && row.status !== 'CLOSED') {
        const counts = { shipment: name, plan: plan.name, ref, received: units('received'), shipped: units('shipped') };
        phases.push({
          phase: 'CLOSED',
          name,
          body: short.length
            ? { key: 'notices.closedShortBody', params: { ...counts, short: shortWords(short) } }
            : { key: 'notices.closedBody', params: counts },
        });
      }
    },
  });
  if (phases.length) {
    const link = await planLinkOf(deps.db, plan, 'fba', 'receiving');
    for (const p of phases)
      await notifyCompany(deps, {
        tenantId: plan.tenantId,
        companyId: plan.companyId,
        kind: p.phase === 'CLOSED' ? 'fba.closed' : 'fba.checked_in',
        words: {
          subject: {
            key: p.phase === 'CLOSED' ? 'notices.closedSubject' : 'notices.checkedInSubject',
            params: { plan: plan.name, shipment: p.name },
          },
          body: p.body,
        },
        link,
        email: true,
      });
  }
  return changed;
}

/** The screen's "check now": read the plan's shipments from Amazon at once. */
export async function refreshReceiving(deps: Deps, ctx: RequestContext, id: number): Promise<PlanDetail> {
  const plan = await planRecord(deps.db, ctx, id);
  if (plan.step !== 'shipped' && plan.step !== 'receiving')
    throw businessRule('Receiving is followed once the plan has shipped');
  if (plan.status === 'cancelled') throw businessRule('The plan is cancelled');
  await trackPlan(deps, plan);
  return planDetail(deps, ctx, id);
}

/**
 * How each channel follows its shipped plans at the marketplace (FBA: Amazon's shipments; WFS
 * registers Walmart's). The one job follows every channel's plans.
 */
const trackers: Partial<Record<PlanChannel, (deps: Deps, plan: PlanRecord) => Promise<boolean>>> = { fba: trackPlan };
export function trackShipmentsOf(
  channel: PlanChannel,
  track: (deps: Deps, plan: PlanRecord) => Promise<boolean>,
): void {
  trackers[channel] = track;
}

/** Every shipped plan not yet closed, every tenant, every channel: one plan's failure does not stop the others. */
export async function trackShippedPlans(deps: Deps): Promise<{ plans: number; changed: number; failed: number }> {
  const plans = await deps.db
    .select()
    .from(shipmentPlans)
    .where(
      and(
        inArray(shipmentPlans.step, ['shipped', 'receiving']),
        notInArray(shipmentPlans.status, ['closed', 'cancelled']),
      ),
    );
  let changed = 0;
  let failed = 0;
  for (const plan of plans) {
    const track = trackers[plan.channel as PlanChannel];
    if (!track) continue;
    try {
      if (await track(deps, plan)) changed++;
    } catch {
      failed++;
    }
  }
  return { plans: plans.length, changed, failed };
}

let provided = false;
export function provideReceivingJob(): void {
  if (provided) return;
  provided = true;
  provideJob('fba.track-shipments', async (_data, _job, deps) => ({
    ...(await trackShippedPlans(deps)),
    interrupted: await resumeStaleClaims(deps),
  }));
}

/**
 * A draft WFS plan changed piece by piece (spec plan/update and plan items create, update,
 * update/quantity, delete, query/batch): its name and ship-from (typed, or a shipping template's),
 * and one line at a time. Every line change goes through `changeWfsLines`, the same reservation
 * path as plan creation: more units need free ones at PREP-WFS, fewer give theirs back, and once
 * Walmart has the inbound order (shipments exist) nothing changes here (412).
 */
import { eq } from 'drizzle-orm';
import type { PlanLineInput } from '../../../domain/schemas/fba.js';
import type { WfsLineUpdate, WfsPlanUpdate } from '../../../domain/schemas/wfs-endpoints.js';
import { templateShipFrom, wfsShipFromSchema } from '../../../domain/schemas/wfs.js';
import type { WfsTemplate } from '../../../domain/schemas/wfs-templates.js';
import { audit } from '../../audit.js';
import type { Deps, RequestContext } from '../../context.js';
import { shipmentPlans } from '../../db/schema/index.js';
import { ApiError, businessRule, conflict, notFound } from '../../http/errors.js';
import { journal } from '../fba/journal.js';
import type { PlanItemRecord } from '../fba/plan-record.js';
import { getTemplate } from '../wfs-templates/service.js';
import { wfsBoxMap } from './overview.js';
import { assertWfsEditable, changeWfsLines, lineInputOf, wfsPlan, wfsPlanDetail } from './plans.js';

/** A template's address as a plan's ship-from, checked against Walmart's rules (412 with what does not fit). */
function shipFromOf(tpl: WfsTemplate, companyName: string) {
  const parsed = wfsShipFromSchema.safeParse(templateShipFrom(tpl.shipFrom, companyName));
  if (!parsed.success)
    throw new ApiError(
      412,
      parsed.error.issues.map((i) => `Template ${tpl.name}: ${i.message}`),
    );
  return parsed.data;
}

export async function updateWfsPlan(deps: Deps, ctx: RequestContext, id: number, input: WfsPlanUpdate) {
  const tpl = input.templateId ? await getTemplate(deps, ctx, input.templateId) : null;
  await deps.db.transaction(async (tx) => {
    const plan = await wfsPlan(tx, ctx, id, true);
    assertWfsEditable(plan);
    if (tpl && tpl.companyId !== null && tpl.companyId !== plan.companyId)
      throw businessRule(`Template ${tpl.name} is another client’s`);
    const shipFrom = tpl ? shipFromOf(tpl, plan.shipFrom.companyName ?? '') : input.shipFrom;
    const name = input.name ?? plan.name;
    const notes = input.notes === undefined ? plan.notes : input.notes || null;
    const moved = shipFrom !== undefined && JSON.stringify(shipFrom) !== JSON.stringify(plan.shipFrom);
    if (name === plan.name && notes === plan.notes && !moved) return;
    const at = deps.now().toISOString();
    await tx
      .update(shipmentPlans)
      .set({
        name,
        notes,
        ...(moved ? { shipFrom, step: 'items', inboundPreview: null } : {}),
        ...(moved && plan.step !== 'items' ? { stepAt: at } : {}),
        updatedAt: at,
      })
      .where(eq(shipmentPlans.id, id));
    if (name !== plan.name)
      await journal(tx, plan, ctx.userId, at, {
        kind: 'renamed',
        words: { key: 'journal.renamed', params: { from: plan.name, to: name } },
      });
    // Walmart previewed from the old address: the preview is asked again.
    if (moved)
      await journal(tx, plan, ctx.userId, at, {
        kind: 'shipFrom',
        message: `Ships from ${shipFrom.name}, ${shipFrom.city}${tpl ? ` (template ${tpl.name})` : ''}`,
        request: { shipFrom, templateId: tpl?.id },
      });
    await audit(
      tx,
      ctx,
      'shipment_plan',
      id,
      'update',
      { name: plan.name, shipFrom: plan.shipFrom, notes: plan.notes },
      { name, shipFrom: shipFrom ?? plan.shipFrom, notes },
    );
  });
  return wfsPlanDetail(deps, ctx, id);
}

const lineOf = (items: PlanItemRecord[], itemId: number): PlanItemRecord => {
  const line = items.find((i) => i.id === itemId);
  if (!line) throw notFound('Plan line');
  return line;
};

export const addWfsLine = (deps: Deps, ctx: RequestContext, id: number, line: PlanLineInput) =>
  changeWfsLines(deps, ctx, id, (items) => {
    const same = items.find((i) => i.productId === line.productId);
    if (same)
      throw conflict(`${same.title} is on the plan already (line ${same.id}): change that line’s quantity instead`);
    return [...items.map(lineInputOf), line];
  });

export const updateWfsLine = (deps: Deps, ctx: RequestContext, id: number, itemId: number, change: WfsLineUpdate) =>
  changeWfsLines(deps, ctx, id, (items) => {
    lineOf(items, itemId);
    return items.map((i) => (i.id === itemId ? { ...lineInputOf(i), ...definedOf(change) } : lineInputOf(i)));
  });

export const removeWfsLine = (deps: Deps, ctx: RequestContext, id: number, itemId: number) =>
  changeWfsLines(deps, ctx, id, (items) => {
    lineOf(items, itemId);
    return items.filter((i) => i.id !== itemId).map(lineInputOf);
  });

const definedOf = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** The plan's lines with what each holds at PREP-WFS and how much of it is boxed. */
export async function wfsPlanLines(deps: Deps, ctx: RequestContext, id: number) {
  const [detail, map] = await Promise.all([wfsPlanDetail(deps, ctx, id), wfsBoxMap(deps, ctx, id)]);
  const boxed = new Map(map.map((m) => [m.planItemId, m.boxed]));
  const held = new Map<number, number>();
  for (const r of detail.reservations)
    if (r.state === 'held' && r.planItemId !== null) held.set(r.planItemId, (held.get(r.planItemId) ?? 0) + r.quantity);
  return detail.items.map((i) => ({ ...i, held: held.get(i.id) ?? 0, boxed: boxed.get(i.id) ?? 0 }));
}

/**
 * FBM order labels as the desk reads them, and their documents: one label's (spec
 * /order/{id}/label/{labelId}/amazon|walmart|ebay/download) and the batch's merged (spec
 * /bulk/merged/labels/download) — every bought label of a run or a list, in pick order (the walking
 * order of the pick batch that picked the order, then the order, then the package), one page per
 * label with pdf-lib; ZPL labels are concatenated for the thermal printer.
 */
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { OrderLabel } from '../../../domain/schemas/fbm-labels.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { selectRows } from '../../db/rows.js';
import { ApiError, badRequest, businessRule, notFound } from '../../http/errors.js';
import { customsDocuments } from '../customs/documents.js';
import { warehouseCountry } from '../customs/service.js';
import { getRun } from './bulk.js';

interface LabelRow {
  id: number;
  order_id: number;
  marketplace_order_id: string;
  package_number: number;
  provider: string;
  carrier: string;
  service: string;
  tracking_number: string | null;
  status: string;
  format: string;
  total_cents: number;
  cost_cents: number;
  upcharge_cents: number;
  currency: string;
  created_at: string;
  voided_at: string | null;
  pick_sequence: number | null;
  ship_to_country: string | null;
}

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);

function view(r: LabelRow, ctx: RequestContext): OrderLabel {
  return {
    id: Number(r.id),
    orderId: Number(r.order_id),
    marketplaceOrderId: r.marketplace_order_id,
    packageNumber: Number(r.package_number),
    provider: r.provider,
    carrier: r.carrier,
    service: r.service,
    trackingNumber: r.tracking_number,
    status: r.status as OrderLabel['status'],
    format: r.format as OrderLabel['format'],
    totalCents: Number(r.total_cents),
    currency: r.currency,
    cost: ctx.isClient ? null : { costCents: Number(r.cost_cents), upchargeCents: Number(r.upcharge_cents) },
    createdAt: iso(r.created_at)!,
    voidedAt: iso(r.voided_at),
  };
}

/**
 * Labels of FBM orders in the caller's scope, in pick order: the first pick of the order on its
 * latest pick batch (orders picked on no batch after those), then order, then package.
 */
async function labelRows(db: DbOrTx, ctx: RequestContext, where: ReturnType<typeof sql>): Promise<LabelRow[]> {
  return selectRows<LabelRow>(
    db,
    sql`select sl.id, fol.order_id, o.marketplace_order_id, fol.package_number, sl.provider, sl.carrier, sl.service,
          sl.tracking_number, sl.status, sl.format, sl.total_cents, sl.cost_cents, sl.upcharge_cents, sl.currency,
          sl.created_at, sl.voided_at, upper(o.ship_to->>'countryCode') as ship_to_country,
          (select min(bl.sequence) from pick_batch_lines bl where bl.order_id = fol.order_id
             and bl.batch_id = (select max(b2.batch_id) from pick_batch_lines b2 where b2.order_id = fol.order_id)) as pick_sequence
        from fbm_order_labels fol
        join shipping_labels sl on sl.tenant_id = fol.tenant_id and sl.request_key = fol.request_key
        join marketplace_orders o on o.id = fol.order_id
        where fol.tenant_id = ${ctx.tenantId} and sl.status <> 'buying'
          ${ctx.isClient ? sql`and fol.company_id = ${ctx.companyId}` : sql``}
          and ${where}
        order by (select max(b3.batch_id) from pick_batch_lines b3 where b3.order_id = fol.order_id) nulls last,
          pick_sequence nulls last, fol.order_id, fol.package_number, sl.id`,
  );
}

export async function orderLabels(deps: Deps, ctx: RequestContext, orderId: number): Promise<OrderLabel[]> {
  return (await labelRows(deps.db, ctx, sql`fol.order_id = ${orderId}`)).map((r) => view(r, ctx));
}

export async function orderLabel(deps: Deps, ctx: RequestContext, labelId: number): Promise<OrderLabel> {
  const [row] = await labelRows(deps.db, ctx, sql`sl.id = ${labelId}`);
  if (!row) throw notFound('Order label');
  return view(row, ctx);
}

async function documentsOf(db: DbOrTx, tenantId: number, ids: number[]) {
  if (!ids.length) return new Map<number, { document: string | null; format: string }>();
  const rows = await selectRows<{ id: number; document: string | null; format: string }>(
    db,
    sql`select id, document, format from shipping_labels where tenant_id = ${tenantId} and id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [Number(r.id), r]));
}

/** One label's document, for the order it belongs to (the channel in the path is the order's marketplace). */
export async function orderLabelDocument(deps: Deps, ctx: RequestContext, orderId: number, labelId: number) {
  const label = await orderLabel(deps, ctx, labelId);
  if (label.orderId !== orderId) throw notFound('Order label');
  const doc = (await documentsOf(deps.db, ctx.tenantId, [labelId])).get(labelId);
  if (!doc?.document) throw businessRule('The carrier’s label document could not be fetched when it was bought');
  return {
    bytes: Buffer.from(doc.document, 'base64'),
    contentType: doc.format === 'zpl' ? 'application/zpl' : 'application/pdf',
    filename: `label-${label.marketplaceOrderId}-${label.packageNumber}.${doc.format}`,
  };
}

/** The labels of a run (or a list of label ids), bought and not voided, merged in pick order. */
export async function mergedLabels(deps: Deps, ctx: RequestContext, q: { runId?: number; labelIds?: string }) {
  let where;
  if (q.runId) {
    const run = await getRun(deps, ctx, q.runId);
    const ids = run.results.flatMap((r) => r.labelIds);
    if (!ids.length) throw businessRule('This run has bought no labels yet');
    where = sql`sl.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`;
  } else if (q.labelIds) {
    where = sql`sl.id in (${sql.join(
      q.labelIds.split(',').map((id) => sql`${Number(id)}`),
      sql`, `,
    )})`;
  } else throw badRequest('runId or labelIds: say which labels to merge');
  const rows = (await labelRows(deps.db, ctx, where)).filter((r) => r.status === 'bought');
  if (!rows.length) throw businessRule('No bought labels to merge');
  const formats = new Set(rows.map((r) => r.format));
  if (formats.size > 1) throw businessRule('These labels are PDF and ZPL mixed: merge one format at a time');
  const docs = await documentsOf(
    deps.db,
    ctx.tenantId,
    rows.map((r) => Number(r.id)),
  );
  const missing = rows.filter((r) => !docs.get(Number(r.id))?.document);
  if (missing.length)
    throw businessRule(
      `No document was kept for the labels of ${missing.map((r) => r.marketplace_order_id).join(', ')}: print them from the carrier`,
    );
  const order = rows.map((r) => ({ id: Number(r.id), orderId: Number(r.order_id), tracking: r.tracking_number }));
  if (formats.has('zpl')) {
    const zpl = rows.map((r) => Buffer.from(docs.get(Number(r.id))!.document!, 'base64').toString('utf8')).join('\n');
    return { bytes: Buffer.from(zpl, 'utf8'), contentType: 'application/zpl', filename: 'labels.zpl', order };
  }
  const merged = await PDFDocument.create();
  const append = async (bytes: Uint8Array) => {
    const src = await PDFDocument.load(bytes);
    for (const p of await merged.copyPages(src, src.getPageIndices())) merged.addPage(p);
  };
  const home = await warehouseCountry(deps, ctx.tenantId);
  for (const [i, r] of rows.entries()) {
    await append(Buffer.from(docs.get(Number(r.id))!.document!, 'base64'));
    // An international order's CN22/CN23 follows its last label, to be packed with the parcel.
    const lastOfOrder = rows[i + 1]?.order_id !== r.order_id;
    if (lastOfOrder && r.ship_to_country && r.ship_to_country !== home) {
      try {
        await append((await customsDocuments(deps, ctx, Number(r.order_id), 'pdf')).data);
      } catch (err) {
        // A declaration edited into an invalid one since: the labels still print; the form is fixed there.
        if (!(err instanceof ApiError)) throw err;
      }
    }
  }
  return {
    bytes: Buffer.from(await merged.save()),
    contentType: 'application/pdf',
    filename: 'labels.pdf',
    order,
  };
}

/**
 * Buy Shipping Labels (spec /apps/tools/shipping-label): buy a label from one shopped rate, keep
 * its document, void it within the carrier's window. A client's label is paid from its shipping
 * label funds with the warehouse's upcharge (drawLabelFunds, in the same transaction as the row);
 * the warehouse's own label draws nothing.
 *
 * Nothing is half-bought: the carrier is asked first (a refusal stores nothing), then the row and
 * the draw are written together; when the funds are short (ENFORCE_PAYMENT_METHOD) or a retry of
 * the same request got there first, the label just bought is voided at the carrier again. The
 * request key makes a double click or a retried request buy once.
 */
import { and, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { pageOffset } from '../../../domain/paging.js';
import type { LabelPurchase, LabelQuery, ShippingLabel } from '../../../domain/schemas/shipping-labels.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { companies, shippingLabels } from '../../db/schema/index.js';
import { ApiError, businessRule, conflict, forbidden, notFound } from '../../http/errors.js';
import { likeContains } from '../../http/like.js';
import { ProviderFailure } from '../../integrations/http.js';
import type { ShipEngineLabel } from '../../integrations/shipengine/models.js';
import { clientInScope, currencyOf } from '../finance/common.js';
import { drawLabelFunds, giveBackLabel } from '../finance/label-funds.js';
import { apiErrorOf, clientOverrides } from '../stores/connection.js';
import { shipEngineFor } from './shipengine.js';

type Row = typeof shippingLabels.$inferSelect;

const toCents = (amount: number) => Math.round(amount * 100);
const labelCostCents = (l: ShipEngineLabel) => toCents(l.shipment_cost.amount + l.insurance_cost.amount);

function view(
  row: Row,
  ctx: RequestContext,
  companyName: string | null,
  balanceCents: number | null = null,
): ShippingLabel {
  return {
    id: row.id,
    companyId: row.companyId,
    companyName,
    carrier: row.carrier,
    service: row.service,
    trackingNumber: row.trackingNumber,
    status: row.status as ShippingLabel['status'],
    shipTo: row.shipTo,
    reference: row.reference,
    format: row.format as ShippingLabel['format'],
    totalCents: row.totalCents,
    currency: row.currency,
    cost: ctx.isClient ? null : { costCents: row.costCents, upchargeCents: row.upchargeCents },
    balanceCents,
    createdAt: new Date(row.createdAt).toISOString(),
    voidedAt: row.voidedAt ? new Date(row.voidedAt).toISOString() : null,
  };
}

/** The caller's labels: its tenant's; a client's user only its own company's. */
const scope = (ctx: RequestContext): SQL =>
  and(
    eq(shippingLabels.tenantId, ctx.tenantId),
    // A label still being bought is not there yet (its request key answers it once bought).
    ne(shippingLabels.status, 'buying'),
    ctx.isClient ? eq(shippingLabels.companyId, ctx.companyId) : undefined,
  )!;

async function companyName(db: DbOrTx, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [c] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, id));
  return c?.name ?? null;
}

async function byKey(db: DbOrTx, ctx: RequestContext, requestKey: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(shippingLabels)
    .where(and(eq(shippingLabels.tenantId, ctx.tenantId), eq(shippingLabels.requestKey, requestKey)));
  return row;
}

/** The same request again answers what it bought; the same key for another rate is a mistake. */
function sameRequest(row: Row, input: LabelPurchase): Row {
  if (row.rateId !== input.rateId) throw conflict('This purchase key was used for another rate: shop again');
  return row;
}

async function downloadDocument(label: ShipEngineLabel, format: 'pdf' | 'zpl'): Promise<string | null> {
  const href = label.label_download[format] ?? label.label_download.href;
  try {
    const res = await (clientOverrides.fetch ?? fetch)(href);
    if (!res.ok) return null;
    return Buffer.from(await res.arrayBuffer()).toString('base64');
  } catch {
    // The label is bought either way; its document can be fetched again from the carrier's link.
    return null;
  }
}

/** How long a second request with the same key waits for the first to finish buying. */
const CLAIM_WAIT_MS = 20_000;

/** The request key's row once it is no longer being bought (null: the purchase failed and left). */
async function settled(
  deps: Deps,
  ctx: RequestContext,
  requestKey: string,
  recoverable: (row: Row) => boolean = () => false,
): Promise<Row | null> {
  const until = Date.now() + CLAIM_WAIT_MS;
  for (;;) {
    const row = await byKey(deps.db, ctx, requestKey);
    if (!row || row.status !== 'buying') return row ?? null;
    // A purchase that crashed after the provider sold the label: answered by reading it back.
    if (recoverable(row)) return row;
    if (Date.now() > until) throw conflict('This label is still being bought: look for it in the list in a moment');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A label as a provider sold it: what the row keeps and the draw is made from. */
export interface BoughtLabel {
  providerLabelId: string;
  carrier: string;
  service: string;
  trackingNumber: string | null;
  /** The document, base64; null when it could not be fetched (the label is bought either way). */
  document: string | null;
  costCents: number;
}

/**
 * Who sells the label: the aggregator (ShipEngine, by default) or a marketplace's own label API
 * (Amazon Buy Shipping). purchaseLabel keeps the key, the row and the draw the same for all.
 */
export interface LabelSeller {
  provider: string;
  /** `sold` is told the provider's id as soon as it answers, before anything else can fail. */
  buy(sold: (providerLabelId: string) => Promise<void>): Promise<BoughtLabel>;
  /**
   * Reads a sale back after a crash (null: no longer a live label). A provider that has it never
   * sells twice under one key: the retry reads first.
   */
  recover?(providerLabelId: string): Promise<BoughtLabel | null>;
  /** Takes a label just bought back when its row or draw could not be written. */
  cancel(providerLabelId: string): Promise<void>;
}

/** Voids a bought label at its provider (other than the aggregator): registered by the provider's module. */
export type LabelVoider = (
  deps: Deps,
  ctx: RequestContext,
  row: Row,
) => Promise<{ approved: boolean; message: string }>;
const voiders = new Map<string, LabelVoider>();
export function registerLabelVoider(provider: string, voider: LabelVoider) {
  voiders.set(provider, voider);
}

export function shipEngineSeller(deps: Deps, ctx: RequestContext, input: LabelPurchase): LabelSeller {
  return {
    provider: 'shipengine',
    async buy() {
      const { client: shipEngine } = await shipEngineFor(deps, ctx.tenantId);
      let label: ShipEngineLabel;
      try {
        label = await shipEngine.labelFromRate(input.rateId, input.format);
      } catch (err) {
        if (err instanceof ProviderFailure) throw apiErrorOf(err);
        throw err;
      }
      const names = await carrierNames(deps, ctx, label);
      return {
        providerLabelId: label.label_id,
        carrier: names.carrier,
        service: names.service,
        trackingNumber: label.tracking_number || null,
        document: await downloadDocument(label, input.format),
        costCents: labelCostCents(label),
      };
    },
    async cancel(providerLabelId) {
      const { client: shipEngine } = await shipEngineFor(deps, ctx.tenantId);
      await shipEngine.voidLabel(providerLabelId);
    },
  };
}

export async function purchaseLabel(
  deps: Deps,
  ctx: RequestContext,
  input: LabelPurchase,
  seller: LabelSeller = shipEngineSeller(deps, ctx, input),
): Promise<ShippingLabel> {
  if (ctx.isClient && input.companyId != null && input.companyId !== ctx.companyId)
    throw forbidden('You may buy labels only for your own company');
  const client =
    ctx.isClient || input.companyId != null ? await clientInScope(deps.db, ctx, input.companyId ?? undefined) : null;
  const currency = await currencyOf(deps.db, ctx.tenantId);

  // 1. Claim the request key; a second request with it waits for the first and answers its label.
  let claimId: number;
  let label: BoughtLabel | null = null;
  try {
    const [claim] = await deps.db
      .insert(shippingLabels)
      .values({
        tenantId: ctx.tenantId,
        companyId: client?.id ?? null,
        requestKey: input.requestKey,
        status: 'buying',
        provider: seller.provider,
        rateId: input.rateId,
        carrier: '',
        service: '',
        shipFrom: input.shipFrom,
        shipTo: input.shipTo,
        parcels: input.parcels,
        reference: input.reference || null,
        format: input.format,
        costCents: 0,
        totalCents: 0,
        currency,
        createdBy: ctx.userId,
      })
      .returning({ id: shippingLabels.id });
    claimId = claim.id;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const stale = (row: Row) =>
      !!seller.recover && !!row.providerLabelId && Date.now() - new Date(row.createdAt).getTime() > CLAIM_WAIT_MS;
    const earlier = await settled(deps, ctx, input.requestKey, stale);
    if (!earlier) return purchaseLabel(deps, ctx, input, seller);
    if (earlier.status !== 'buying') return view(sameRequest(earlier, input), ctx, client?.name ?? null);
    sameRequest(earlier, input);
    label = await seller.recover!(earlier.providerLabelId!);
    claimId = earlier.id;
    if (!label) {
      // Cancelled at the provider since: nothing stands under the key, so it is bought afresh.
      await deps.db
        .delete(shippingLabels)
        .where(and(eq(shippingLabels.id, claimId), eq(shippingLabels.status, 'buying')));
      return purchaseLabel(deps, ctx, input, seller);
    }
  }
  const release = () => deps.db.delete(shippingLabels).where(eq(shippingLabels.id, claimId));

  // 2. Ask the carrier (unless a crashed purchase's label was read back); a refusal leaves nothing.
  if (!label) {
    let soldId: string | null = null;
    const sold = async (providerLabelId: string) => {
      soldId = providerLabelId;
      await deps.db.update(shippingLabels).set({ providerLabelId }).where(eq(shippingLabels.id, claimId));
    };
    try {
      label = await seller.buy(sold);
    } catch (err) {
      // Sold but not usable (its document refused): taken back at the provider.
      if (soldId) await seller.cancel(soldId).catch(() => undefined);
      await release();
      throw err;
    }
  }
  const bought: BoughtLabel = label;
  const { costCents, document } = bought;

  // 3. The label and its draw together; short funds void the label at the carrier again.
  try {
    const { row, balanceCents } = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(shippingLabels)
        .set({
          status: 'bought',
          providerLabelId: bought.providerLabelId,
          carrier: bought.carrier,
          service: bought.service,
          trackingNumber: bought.trackingNumber,
          document,
          costCents,
          totalCents: costCents,
        })
        .where(eq(shippingLabels.id, claimId))
        .returning();
      if (!client) return { row, balanceCents: null };
      const draw = await drawLabelFunds(tx, {
        tenantId: ctx.tenantId,
        companyId: client.id,
        labelId: `label-${row.id}`,
        costCents,
        userId: ctx.userId,
      });
      const [paid] = await tx
        .update(shippingLabels)
        .set({
          upchargeCents: draw.upchargeCents,
          totalCents: draw.totalCents,
          financeTransactionId: draw.transactionId,
        })
        .where(eq(shippingLabels.id, row.id))
        .returning();
      return { row: paid, balanceCents: draw.balanceCents };
    });
    return view(row, ctx, client?.name ?? null, balanceCents);
  } catch (err) {
    await seller.cancel(bought.providerLabelId).catch(() => undefined);
    await release();
    throw err;
  }
}

/** The carrier and service names of the label's rate, as the rate shop showed them. */
async function carrierNames(deps: Deps, ctx: RequestContext, label: ShipEngineLabel) {
  const { client } = await shipEngineFor(deps, ctx.tenantId);
  try {
    const { carriers } = await client.carriers();
    const carrier = carriers.find((c) => c.carrier_id === label.carrier_id);
    const service = carrier?.services?.find((s) => s.service_code === label.service_code);
    return {
      carrier: String(carrier?.nickname || carrier?.friendly_name || label.carrier_code),
      service: service?.name ?? label.service_code,
    };
  } catch {
    return { carrier: label.carrier_code, service: label.service_code };
  }
}

export async function listLabels(deps: Deps, ctx: RequestContext, q: LabelQuery) {
  if (ctx.isClient && q.companyId !== undefined && q.companyId !== ctx.companyId)
    throw forbidden('You may see only your own company’s labels');
  const where = and(
    scope(ctx),
    q.companyId !== undefined ? eq(shippingLabels.companyId, q.companyId) : undefined,
    q.status ? eq(shippingLabels.status, q.status) : undefined,
    q.q
      ? or(
          ilike(shippingLabels.trackingNumber, likeContains(q.q)),
          ilike(shippingLabels.reference, likeContains(q.q)),
          sql`${shippingLabels.shipTo}->>'name' ilike ${likeContains(q.q)}`,
        )
      : undefined,
  );
  const rows = await deps.db
    .select({ label: shippingLabels, companyName: companies.name })
    .from(shippingLabels)
    .leftJoin(companies, eq(companies.id, shippingLabels.companyId))
    .where(where)
    .orderBy(desc(shippingLabels.createdAt), desc(shippingLabels.id))
    .limit(q.pageSize)
    .offset(pageOffset({ pageNumber: q.pageNumber, pageSize: q.pageSize }));
  const [{ n }] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(shippingLabels)
    .where(where);
  return {
    content: rows.map((r) => view(r.label, ctx, r.companyName)),
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
    totalElements: Number(n),
  };
}

async function rowInScope(db: DbOrTx, ctx: RequestContext, id: number, lock = false): Promise<Row> {
  const query = db
    .select()
    .from(shippingLabels)
    .where(and(eq(shippingLabels.id, id), scope(ctx)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Shipping label');
  return row;
}

export async function getLabel(deps: Deps, ctx: RequestContext, id: number): Promise<ShippingLabel> {
  const row = await rowInScope(deps.db, ctx, id);
  return view(row, ctx, await companyName(deps.db, row.companyId));
}

export async function labelDocument(deps: Deps, ctx: RequestContext, id: number) {
  const row = await rowInScope(deps.db, ctx, id);
  if (!row.document) throw businessRule('The carrier’s label document could not be fetched when it was bought');
  return {
    bytes: Buffer.from(row.document, 'base64'),
    contentType: row.format === 'zpl' ? 'application/zpl' : 'application/pdf',
    filename: `label-${row.trackingNumber ?? row.id}.${row.format}`,
  };
}

/**
 * Voids a label at the carrier; when the carrier approves, the label is voided here and its money
 * goes back where it was paid from, once (giveBackLabel: the funds, or a credit line).
 */
export async function voidLabel(deps: Deps, ctx: RequestContext, id: number): Promise<ShippingLabel> {
  const row = await rowInScope(deps.db, ctx, id);
  if (row.status === 'voided') throw businessRule('This label is voided already');
  if (!row.providerLabelId) throw businessRule('This label has no carrier label to void');
  let answer: { approved: boolean; message: string };
  try {
    const voider = voiders.get(row.provider);
    if (voider) answer = await voider(deps, ctx, row);
    else {
      const { client } = await shipEngineFor(deps, ctx.tenantId);
      answer = await client.voidLabel(row.providerLabelId);
    }
  } catch (err) {
    if (err instanceof ProviderFailure) throw apiErrorOf(err);
    throw err;
  }
  if (!answer.approved) throw new ApiError(412, [`The carrier refused the void: ${answer.message}`]);
  const at = deps.now().toISOString();
  await deps.db.transaction(async (tx) => {
    const locked = await rowInScope(tx, ctx, id, true);
    if (locked.status === 'voided') return;
    await tx.update(shippingLabels).set({ status: 'voided', voidedAt: at }).where(eq(shippingLabels.id, id));
    // Its money goes back where it came from: the funds, or a credit on the next invoice.
    if (locked.companyId)
      await giveBackLabel(tx, {
        tenantId: ctx.tenantId,
        companyId: locked.companyId,
        labelId: `label-${locked.id}`,
        userId: ctx.userId,
        reason: `Label ${locked.trackingNumber ?? locked.id} voided at the carrier`,
        at,
      });
  });
  return getLabel(deps, ctx, id);
}

/**
 * A plan's lines as the items step edits them: drafts with text inputs, checked here the way the
 * server checks them (planLineInputSchema) plus the one rule the screen can know first — never more
 * than is available at PREP-FBA — so most mistakes are said beside the line before anything is
 * sent. The server still refuses (412) what the screen could not know (another plan took units
 * meanwhile), and the screen shows its words.
 */
import {
  labelOwnerFor,
  MAX_LINE_QUANTITY,
  planLineInputSchema,
  type AvailabilityRow,
  type LabelingPreference,
  type PlanDetail,
  type PlanItem,
  type PlanLineInput,
  type PrepOwner,
} from '../../../domain/schemas/fba';

export type Translate = (key: string, opts?: Record<string, unknown>) => string;

export interface DraftLine {
  productId: number;
  title: string;
  productKey: string;
  msku: string | null;
  fnsku: string | null;
  asin: string | null;
  quantity: string;
  /** '' leaves it to the client's labelling preference (the server fills it in). */
  labelOwner: PrepOwner | '';
  prepOwner: PrepOwner;
  expiration: string;
  manufacturingLotCode: string;
}

export type LineErrors = Partial<Record<'quantity' | 'expiration' | 'manufacturingLotCode' | 'labelOwner', string>>;

export const draftFromAvailability = (row: AvailabilityRow, preference: LabelingPreference | null): DraftLine => ({
  productId: row.productId,
  title: row.title,
  productKey: row.productKey,
  msku: row.msku,
  fnsku: row.fnsku,
  asin: row.asin,
  quantity: row.available > 0 ? '1' : '',
  labelOwner: preference ? labelOwnerFor(preference) : '',
  prepOwner: 'SELLER',
  expiration: '',
  manufacturingLotCode: '',
});

export const draftFromItem = (i: PlanItem): DraftLine => ({
  productId: i.productId,
  title: i.title,
  productKey: i.productKey,
  msku: i.msku,
  fnsku: i.fnsku,
  asin: i.asin,
  quantity: String(i.quantity),
  labelOwner: i.labelOwner,
  prepOwner: i.prepOwner,
  expiration: i.expiration ?? '',
  manufacturingLotCode: i.manufacturingLotCode ?? '',
});

/** Units the plan holds now, per product: a line may keep them on top of what is available to others. */
export function heldByProduct(plan: Pick<PlanDetail, 'items' | 'reservations'> | null): Map<number, number> {
  const held = new Map<number, number>();
  if (!plan) return held;
  for (const item of plan.items) {
    const units = plan.reservations
      .filter((r) => r.planItemId === item.id && r.state === 'held')
      .reduce((n, r) => n + r.quantity, 0);
    held.set(item.productId, (held.get(item.productId) ?? 0) + units);
  }
  return held;
}

/** The most a line may ask for: what is available plus what this plan already holds; null when not known. */
export const maxFor = (
  productId: number,
  available: ReadonlyMap<number, number>,
  held: ReadonlyMap<number, number>,
): number | null => {
  const free = available.get(productId);
  return free === undefined ? null : free + (held.get(productId) ?? 0);
};

function wordIssue(issue: { path: PropertyKey[]; message: string }, t: Translate): string {
  const field = String(issue.path[0]);
  if (field === 'quantity') return t('fba.lineErrors.quantity', { max: MAX_LINE_QUANTITY });
  if (field === 'expiration') return t('fba.lineErrors.expiration');
  if (field === 'manufacturingLotCode') return t('fba.lineErrors.lot');
  return issue.message;
}

/**
 * The lines as the API takes them, or each line's errors by product. A line whose label owner is
 * '' names none, so the server applies the client's preference.
 */
export function checkLines(
  lines: readonly DraftLine[],
  available: ReadonlyMap<number, number>,
  held: ReadonlyMap<number, number>,
  t: Translate,
): { items: PlanLineInput[]; errors: Record<number, LineErrors> } {
  const items: PlanLineInput[] = [];
  const errors: Record<number, LineErrors> = {};
  for (const line of lines) {
    const quantity = line.quantity.trim() === '' ? Number.NaN : Number(line.quantity);
    const parsed = planLineInputSchema.safeParse({
      productId: line.productId,
      quantity,
      expiration: line.expiration.trim() || undefined,
      manufacturingLotCode: line.manufacturingLotCode,
      labelOwner: line.labelOwner || undefined,
      prepOwner: line.prepOwner,
    });
    const own: LineErrors = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof LineErrors;
        own[field] ??= wordIssue(issue, t);
      }
    const max = maxFor(line.productId, available, held);
    if (!own.quantity && max !== null && quantity > max)
      own.quantity = t('fba.lineErrors.overAvailable', { max, requested: quantity });
    if (Object.keys(own).length) errors[line.productId] = own;
    else if (parsed.success) items.push(parsed.data);
  }
  return { items, errors };
}

/** Whether the drafts differ from the plan's saved lines (the Save button and the leave warning). */
export function linesChanged(lines: readonly DraftLine[], saved: readonly PlanItem[]): boolean {
  if (lines.length !== saved.length) return true;
  const key = (l: DraftLine) =>
    [l.productId, Number(l.quantity), l.labelOwner, l.prepOwner, l.expiration, l.manufacturingLotCode.trim()].join('|');
  const a = lines.map(key).sort();
  const b = saved.map((i) => key(draftFromItem(i))).sort();
  return a.some((v, n) => v !== b[n]);
}

/** Errors without those of one line (the line was just changed). */
export const withoutLine = (errors: Record<number, LineErrors>, productId: number): Record<number, LineErrors> =>
  Object.fromEntries(Object.entries(errors).filter(([id]) => Number(id) !== productId));

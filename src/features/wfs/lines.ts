/** A new WFS plan's lines as typed, checked against what is available at PREP-WFS. Pure, unit-tested. */
import type { PlanItem, PlanLineInput } from '../../../domain/schemas/fba';
import type { Translate } from '../fba/lines';

export interface WfsDraftLine {
  productId: number;
  title: string;
  codes: string;
  quantity: string;
}

export function checkWfsLines(
  lines: readonly WfsDraftLine[],
  available: ReadonlyMap<number, number>,
  t: Translate,
): { items: Pick<PlanLineInput, 'productId' | 'quantity'>[]; errors: Record<number, string> } {
  const errors: Record<number, string> = {};
  const items: Pick<PlanLineInput, 'productId' | 'quantity'>[] = [];
  for (const l of lines) {
    const q = Number(l.quantity);
    const max = available.get(l.productId);
    if (!l.quantity.trim() || !Number.isInteger(q) || q < 1) errors[l.productId] = t('wfs.quantityWhole');
    else if (max !== undefined && q > max) errors[l.productId] = t('wfs.quantityOver', { max });
    else items.push({ productId: l.productId, quantity: q });
  }
  return { items, errors };
}

/**
 * The plan's lines to send again with new quantities: each keeps what it had besides its
 * quantity (who labels and preps, expiration, lot), so saving quantities changes nothing else.
 */
export function withLineFields(
  items: readonly Pick<PlanLineInput, 'productId' | 'quantity'>[],
  planItems: readonly Pick<
    PlanItem,
    'productId' | 'labelOwner' | 'prepOwner' | 'expiration' | 'manufacturingLotCode'
  >[],
): PlanLineInput[] {
  const had = new Map(planItems.map((i) => [i.productId, i]));
  return items.map((l) => {
    const i = had.get(l.productId);
    return i
      ? {
          ...l,
          labelOwner: i.labelOwner,
          prepOwner: i.prepOwner,
          expiration: i.expiration ?? undefined,
          manufacturingLotCode: i.manufacturingLotCode ?? undefined,
        }
      : { ...l, prepOwner: 'SELLER', manufacturingLotCode: undefined };
  });
}

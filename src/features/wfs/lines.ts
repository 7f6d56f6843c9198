/** A new WFS plan's lines as typed, checked against what is available at PREP-WFS. Pure, unit-tested. */
import type { PlanLineInput } from '../../../domain/schemas/fba';
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

/**
 * A new WFS plan's ship-from: the client's default WFS shipping template when there is one (its
 * own before the warehouse's shared default), else the warehouse's address; and Walmart's extra
 * rule on top of Amazon's fields (the state is required). Pure, unit-tested.
 */
import { templateShipFrom } from '../../../domain/schemas/wfs';
import type { WfsTemplate } from '../../../domain/schemas/wfs-templates';
import type { ShipFromDraft, ShipFromField } from '../fba/ship-from';
import { emptyShipFrom } from '../fba/ship-from';
import type { Translate } from '../fba/lines';

export function defaultTemplate(rows: readonly WfsTemplate[], companyId: number): WfsTemplate | null {
  return (
    rows.find((r) => r.isDefault && r.companyId === companyId) ??
    rows.find((r) => r.isDefault && r.companyId === null) ??
    null
  );
}

export function shipFromTemplate(tpl: WfsTemplate, companyName = ''): ShipFromDraft {
  return { ...emptyShipFrom, ...templateShipFrom(tpl.shipFrom, companyName) };
}

/** Walmart's return address needs the state, which Amazon's does not. */
export function walmartShipFromErrors(draft: ShipFromDraft, t: Translate): Partial<Record<ShipFromField, string>> {
  return draft.stateOrProvinceCode.trim() ? {} : { stateOrProvinceCode: t('wfs.stateRequired') };
}

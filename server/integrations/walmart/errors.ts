/**
 * Walmart's refusals in words that say what to fix: each `{code, field, description, info}` of its
 * error list becomes one message naming the field.
 */
import { walmartErrorSchema, type WalmartErrorItem } from './models.js';

const HINTS: Record<string, string> = {
  'UNAUTHORIZED.GMP_GATEWAY_API': 'Walmart does not accept the store’s client id or secret: enter them again',
  'INVALID_TOKEN.GMP_GATEWAY_API': 'Walmart refused the session token: test the connection again',
  'REQUEST_THRESHOLD_VIOLATED.GMP_GATEWAY_API': 'Walmart’s request quota is used up for now; try again shortly',
};

export function explainWalmart(status: number, body: unknown): string[] {
  const parsed = walmartErrorSchema.safeParse(body);
  if (parsed.success) {
    const list = 'errors' in parsed.data ? parsed.data.errors : parsed.data.error;
    if (list.length)
      return list.map((e) => {
        const hint = HINTS[e.code];
        const said = [e.description, e.info].filter(Boolean).join(' — ');
        const where = e.field && e.field !== e.code.split('.')[0] ? ` (${e.field})` : '';
        return `Walmart${where}: ${hint ?? said ?? e.code}`;
      });
  }
  if (status === 401 || status === 403) return ['Walmart refused the store’s credentials: enter them again'];
  return [`Walmart answered ${status} without an explanation`];
}

/** What to do about a WFS line error, by the line's field (Walmart's descriptions say what is wrong). */
const LINE_FIXES: Record<string, string> = {
  productId: 'enter the item’s GTIN-14 (or the UPC-12 / EAN-13 its productType names), check digit included',
  productType: 'use GTIN, UPC or EAN',
  sku: 'use the SKU as converted to WFS, once per inbound order',
  itemQty: 'itemQty must equal vendorPackQty × innerPackQty',
  vendorPackQty: 'give the number of cases (at least 1)',
  innerPackQty: 'give the sellable units per case (at least 1)',
  expectedDeliveryDate: 'give a delivery date and time in the future',
  itemDesc: 'describe the item',
  updatedShipmentQty: 'raise a SKU by at most 6 units, or set 0 to take it off the shipment',
};

export interface WalmartLineProblem {
  /** 1-based line of the request's orderItems (or shipmentPackages), null for the order as a whole. */
  line: number | null;
  sku: string | null;
  field: string | null;
  message: string;
}

const LINE_FIELD = /^(?:payload\.)?(?:orderItems|shipmentPackages)\[(\d+)\](?:\.(.+))?$/;

/**
 * Walmart's error list per line: `orderItems[3].productId` names the fourth line, so each error
 * becomes "line 4 (SKU …), productId: what is wrong — what to do". `lines` are the request's lines
 * (getInboundOrderErrors returns them with the errors) and give each line its SKU.
 */
export function walmartLineProblems(errors: WalmartErrorItem[], lines: { sku?: string }[] = []): WalmartLineProblem[] {
  return errors.map((e) => {
    const m = e.field ? LINE_FIELD.exec(e.field) : null;
    const index = m ? Number(m[1]) : null;
    const field = m ? (m[2] ?? null) : (e.field ?? null);
    const sku = index !== null ? (lines[index]?.sku ?? null) : null;
    const said = [e.description, e.info].filter(Boolean).join(' — ') || e.code;
    const fix = field ? LINE_FIXES[field.replace(/\[\d+\]/g, '')] : undefined;
    const where = index !== null ? `Line ${index + 1}${sku ? ` (${sku})` : ''}` : 'The order';
    return {
      line: index !== null ? index + 1 : null,
      sku,
      field,
      message: `${where}${field ? `, ${field}` : ''}: ${said}${fix && !said.includes(fix) ? `; ${fix}` : ''}`,
    };
  });
}

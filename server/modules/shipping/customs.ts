/**
 * Customs on the Buy Shipping Labels tool (issue 20): a one-off label whose ship-to country differs
 * from its ship-from country carries a customs declaration, checked by the same schema and rules as
 * an FBM order's (domain/schemas/customs.ts, domain/rules/customs.ts), rated with it (ShipEngine's
 * shipment.customs — the label bought from the rate carries it) and printed as CN22/CN23 after the
 * label (PDF: the next page; ZPL: the next label) by the customs module's renderer.
 *
 * Nothing is kept apart from the label: the declaration travels with the rate request and the
 * purchase, and the document bought holds the label and its CN form together.
 */
import { PDFDocument } from 'pdf-lib';
import { customsProblems, isInternational, labelCustomsOf } from '../../../domain/rules/customs.js';
import { customsDeclarationInputSchema, type LabelCustoms } from '../../../domain/schemas/customs.js';
import type { LabelPurchase, ShippingLabel } from '../../../domain/schemas/shipping-labels.js';
import type { RateQuoteRequest } from '../../../domain/schemas/shipping.js';
import { customsFormAddress, customsFormOf } from '../../../printing/templates/customs.js';
import type { Deps, RequestContext } from '../../context.js';
import { businessRule } from '../../http/errors.js';
import { renderCustomsDocument } from '../customs/documents.js';
import { purchaseLabel, shipEngineSeller } from './labels.js';
import { quoteRates } from './rates.js';
import { toShipEngineCustoms } from './shipengine.js';

type Shipment = Pick<RateQuoteRequest, 'shipFrom' | 'shipTo' | 'customs'>;

/**
 * The shipment's declaration as a label carries it: null within one country; refused (412, every
 * field to fix said) when a border is crossed without a complete declaration.
 */
export function toolCustoms(q: Shipment): LabelCustoms | null {
  const route = { shipFrom: q.shipFrom.countryCode.toUpperCase(), shipTo: q.shipTo.countryCode.toUpperCase() };
  if (!isInternational(route.shipTo, route.shipFrom)) return null;
  const crossing = `${route.shipFrom} → ${route.shipTo}`;
  if (!q.customs)
    throw businessRule(
      `This parcel crosses a border (${crossing}): fill in its customs declaration — contents, and each item's description, quantity, value, HS code, country of origin and weight`,
    );
  const parsed = customsDeclarationInputSchema.safeParse(q.customs);
  const problems = parsed.success
    ? customsProblems(parsed.data, route)
    : parsed.error.issues.map((i) => ({ field: i.path.map(String).join('.') || 'customs', message: i.message }));
  if (!parsed.success || problems.length)
    throw businessRule(
      `The customs declaration (${crossing}) is not complete: ${problems.map((p) => `customs.${p.field}: ${p.message}`).join('; ')}`,
    );
  return labelCustomsOf(parsed.data, route);
}

/** The CN22/CN23 of a tool label, printed in the label's format (ZPL refused, 412, when it does not fit 4×6). */
export async function toolCustomsDocument(input: LabelPurchase, customs: LabelCustoms, today: string) {
  const form = customsFormOf(customs, {
    orderNumber: input.reference || today,
    sender: customsFormAddress(input.shipFrom),
    addressee: customsFormAddress(input.shipTo),
    date: today,
  });
  return renderCustomsDocument(form, input.format);
}

/** The label's document (base64) with the CN form after it: a PDF's pages appended, ZPL labels one after the other. */
export async function withCustomsDocument(
  label: string | null,
  format: 'pdf' | 'zpl',
  customs: Uint8Array,
): Promise<string | null> {
  // No label document (it could not be fetched): nothing to print after; it is fetched again from the carrier.
  if (label === null) return null;
  const bytes = Buffer.from(label, 'base64');
  if (format === 'zpl') return Buffer.concat([bytes, Buffer.from('\n'), Buffer.from(customs)]).toString('base64');
  const merged = await PDFDocument.load(bytes);
  const cn = await PDFDocument.load(customs);
  for (const page of await merged.copyPages(cn, cn.getPageIndices())) merged.addPage(page);
  return Buffer.from(await merged.save()).toString('base64');
}

/** The tool's rate shop: across a border, rated with the declaration (refused, 412, while incomplete). */
export async function quoteToolRates(deps: Deps, ctx: RequestContext, q: RateQuoteRequest) {
  const customs = toolCustoms(q);
  return quoteRates(deps, ctx, q, customs ? toShipEngineCustoms(customs) : undefined);
}

/**
 * The tool's purchase: across a border the declaration is checked first (412: nothing is asked of
 * the carrier) and its CN22/CN23 rendered before buying, so a form that cannot print refuses the
 * purchase instead of leaving a label without it; the document kept is the label, then the form.
 */
export async function purchaseToolLabel(deps: Deps, ctx: RequestContext, input: LabelPurchase): Promise<ShippingLabel> {
  const customs = toolCustoms(input);
  if (!customs) return purchaseLabel(deps, ctx, input);
  const cn = await toolCustomsDocument(input, customs, deps.now().toISOString().slice(0, 10));
  const seller = shipEngineSeller(deps, ctx, input);
  return purchaseLabel(deps, ctx, input, {
    ...seller,
    async buy(sold) {
      const label = await seller.buy(sold);
      return { ...label, document: await withCustomsDocument(label.document, input.format, cn.data) };
    },
  });
}

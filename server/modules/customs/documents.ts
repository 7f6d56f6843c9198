/**
 * The printed CN22 / CN23 of an order (printing/templates/customs.ts): a PDF — a CN22 on a 4×6
 * label, a CN23 on a 4×6 label when its items fit, else on a US Letter page — or 4×6 ZPL for the
 * thermal printer that prints the carrier label (refused, 412, when the items do not fit 4×6).
 */
import { LabelLayoutError } from '../../../printing/model.js';
import { renderPdf } from '../../../printing/pdf.js';
import { renderZpl } from '../../../printing/zpl.js';
import {
  CUSTOMS_4X6,
  CUSTOMS_LETTER,
  customsFormAddress,
  customsFormLabel,
  customsFormOf,
  type CustomsForm,
} from '../../../printing/templates/customs.js';
import type { Deps, RequestContext } from '../../context.js';
import { and, asc, desc, eq } from 'drizzle-orm';
import { warehouses } from '../../db/schema/index.js';
import { businessRule } from '../../http/errors.js';
import { getOrder } from '../fbm-orders/service.js';
import { customsForLabel } from './service.js';

export type CustomsDocumentFormat = 'pdf' | 'zpl';

async function formOf(deps: Deps, ctx: RequestContext, orderId: number): Promise<CustomsForm> {
  const customs = await customsForLabel(deps, ctx, orderId);
  const order = await getOrder(deps, ctx, orderId);
  if (!customs)
    throw businessRule(
      `Order ${order.displayId ?? order.marketplaceOrderId} is domestic: it needs no customs declaration`,
    );
  const [w] = await deps.db
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.tenantId, ctx.tenantId), eq(warehouses.active, true)))
    .orderBy(desc(warehouses.defaultShipFrom), asc(warehouses.id))
    .limit(1);
  const to = order.shipTo!;
  return customsFormOf(customs, {
    orderNumber: order.displayId ?? order.marketplaceOrderId,
    sender: {
      name: order.companyName ?? w?.name ?? 'Sender',
      lines: w ? [w.line1 ?? '', [w.city, w.state, w.postalCode].filter(Boolean).join(' ')].filter(Boolean) : [],
      countryCode: customs.shipFromCountry,
    },
    addressee: customsFormAddress({ ...to, countryCode: customs.shipToCountry }),
    date: deps.now().toISOString().slice(0, 10),
  });
}

/** The CN22/CN23 of an international order, ready to print with its label. */
export async function customsDocuments(
  deps: Deps,
  ctx: RequestContext,
  orderId: number,
  format: CustomsDocumentFormat,
): Promise<{ documentType: 'CN22' | 'CN23'; contentType: string; fileName: string; data: Uint8Array }> {
  return renderCustomsDocument(await formOf(deps, ctx, orderId), format);
}

/**
 * A CN22/CN23 form printed: ZPL on a 4×6 label (412 when its items do not fit), or a PDF — 4×6
 * when it fits, else a Letter page. Used for an FBM order's and the Buy Shipping Labels tool's.
 */
export async function renderCustomsDocument(
  form: CustomsForm,
  format: CustomsDocumentFormat,
): Promise<{ documentType: 'CN22' | 'CN23'; contentType: string; fileName: string; data: Uint8Array }> {
  const fileName = `${form.documentType}-${form.orderNumber.replace(/[^\w-]+/g, '_')}.${format}`;
  const title = `${form.documentType} customs declaration, order ${form.orderNumber}`;
  if (format === 'zpl') {
    try {
      const zpl = renderZpl(customsFormLabel(form, CUSTOMS_4X6), { dpi: 203 });
      return {
        documentType: form.documentType,
        contentType: 'text/plain',
        fileName,
        data: new TextEncoder().encode(zpl),
      };
    } catch (e) {
      if (e instanceof LabelLayoutError) throw businessRule(`${e.message}: print the PDF on a Letter page instead`);
      throw e;
    }
  }
  // A 4×6 label first (printed beside the carrier label); a long CN23 goes on a Letter page.
  let label;
  let geometry = CUSTOMS_4X6;
  try {
    label = customsFormLabel(form, CUSTOMS_4X6);
  } catch (e) {
    if (!(e instanceof LabelLayoutError)) throw e;
    geometry = CUSTOMS_LETTER;
    try {
      label = customsFormLabel(form, CUSTOMS_LETTER);
    } catch (again) {
      if (again instanceof LabelLayoutError) throw businessRule(again.message);
      throw again;
    }
  }
  const data = await renderPdf([label], geometry, { title });
  return { documentType: form.documentType, contentType: 'application/pdf', fileName, data };
}

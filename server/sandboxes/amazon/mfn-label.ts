/**
 * The label an MFN shipment carries, as Amazon sends it: the carrier's 4×6 label drawn with the
 * same label model and renderers as the ShipEngine sandbox's (shipengine/label-document.ts) — PDF,
 * ZPL at 203 or 300 dpi, or PNG (printing/png.ts) — then GZIP-compressed and base64-encoded, with a
 * base64 MD5 checksum of the document.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { renderPng } from '../../../printing/png.js';
import { renderZpl } from '../../../printing/zpl.js';
import type { Label as AmazonLabel, LabelFormat, MfnAddress } from '../../integrations/amazon/mfn-models.js';
import type { ShipEngineAddress } from '../../integrations/shipengine/models.js';
import { carrierLabel, labelPdf, type LabelContent } from '../shipengine/label-document.js';

export const shipEngineAddress = (a: MfnAddress): ShipEngineAddress => ({
  name: a.Name,
  address_line1: a.AddressLine1,
  address_line2: [a.AddressLine2, a.AddressLine3].filter(Boolean).join(', ') || null,
  city_locality: a.City,
  state_province: a.StateOrProvinceCode ?? '',
  postal_code: a.PostalCode,
  country_code: a.CountryCode,
});

/** The document in the asked format (ShippingServiceDefault is PNG, as Amazon's own samples). */
async function document(content: LabelContent, format: LabelFormat) {
  switch (format) {
    case 'PDF':
      return { bytes: Buffer.from(await labelPdf(content)), fileType: 'application/pdf' as const };
    case 'ZPL203':
    case 'ZPL300':
      return {
        bytes: Buffer.from(renderZpl(carrierLabel(content), { dpi: format === 'ZPL300' ? 300 : 203 })),
        fileType: 'application/zpl' as const,
      };
    default:
      return { bytes: renderPng(carrierLabel(content)), fileType: 'image/png' as const };
  }
}

/** Amazon's Label: the document GZIP-compressed and base64-encoded, with its MD5 (base64). */
export async function mfnLabel(
  content: LabelContent,
  format: LabelFormat,
  custom?: { CustomTextForLabel?: string; StandardIdForLabel?: 'AmazonOrderId' },
): Promise<AmazonLabel> {
  const { bytes, fileType } = await document(content, format);
  return {
    ...(custom?.CustomTextForLabel ? { CustomTextForLabel: custom.CustomTextForLabel } : {}),
    ...(custom?.StandardIdForLabel ? { StandardIdForLabel: custom.StandardIdForLabel } : {}),
    Dimensions: { Length: 6, Width: 4, Unit: 'inches' },
    FileContents: {
      Contents: gzipSync(bytes).toString('base64'),
      FileType: fileType,
      Checksum: createHash('md5').update(bytes).digest('base64'),
    },
    LabelFormat: format,
  };
}

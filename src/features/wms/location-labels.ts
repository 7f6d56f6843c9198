/** Location labels for a set of locations: one PDF (a page per label), printed or downloaded. */
import type { LocationLabelData } from '../../../domain/schemas/labels';

/** "A-01-3-2" → aisle A, rack 01, level 3, bin 2 (the human-readable hierarchy under the barcode). */
export function locationLabelData(code: string): LocationLabelData {
  const parts = code.split(/[-./]/);
  if (parts.length < 2 || parts.length > 4) return { code };
  const [aisle, rack, level, bin] = parts;
  return { code, aisle, rack, level, bin };
}

export async function locationLabelsPdf(codes: string[]): Promise<Uint8Array> {
  const { renderLabelBatch } = await import('../../../printing/index');
  const rendered = await renderLabelBatch({ template: 'location', format: 'pdf', items: codes.map(locationLabelData) });
  return rendered.data as Uint8Array;
}

/**
 * FBA box labels (issue 18): a 500-box plan's labels rendered in box order, as the labels step
 * renders Dockside's own (server/modules/fba/labels.ts) — Amazon's layout with the FBA box id as
 * Code 128 and the 2D box-content barcode — to ZPL (one format per box) and to one PDF (a page per
 * box). Prints labels per second (median of three runs after a warm-up) and the time for the plan.
 * Run: BENCH=fba-labels npm run bench
 */
import { boxContents2d, fbaBoxLabel, labelsPdf } from '../printing/templates/fba.js';
import { renderZpl } from '../printing/zpl.js';

const RUNS = 3;
const BOXES = 500;
const FROM = {
  name: 'Demo Prep Co',
  addressLine1: '100 Warehouse Way',
  city: 'Reno',
  stateOrProvinceCode: 'NV',
  postalCode: '89502',
  countryCode: 'US',
};
const TO = {
  name: 'Amazon ABE8',
  addressLine1: '309 Cedar Lane',
  city: 'Florence',
  stateOrProvinceCode: 'NJ',
  postalCode: '08518',
  countryCode: 'US',
};

const labels = (from: number) =>
  Array.from({ length: BOXES }, (_, i) =>
    fbaBoxLabel({
      shipmentConfirmationId: 'FBA15K7Q2XLM',
      shipmentName: `Acme March ${i % 50 === 0 ? '— TEAM LIFT' : ''}`,
      from: FROM,
      to: TO,
      boxId: `FBA15K7Q2XLMU${String(from + i + 1).padStart(6, '0')}`,
      boxNumber: i + 1,
      boxCount: BOXES,
      contents2d: boxContents2d('FBA15K7Q2XLM', [
        { fnsku: `X00${String(from + i).padStart(7, '0')}`, quantity: 24, expiration: '2027-06-30' },
        { fnsku: `X00${String(from + i + 7).padStart(7, '0')}`, quantity: 12 },
      ]),
    }),
  );

async function perSecond(format: 'zpl' | 'pdf', from: number): Promise<{ rate: number; bytes: number }> {
  const start = performance.now();
  const built = labels(from);
  const bytes =
    format === 'zpl'
      ? built.map((l) => renderZpl(l, { dpi: 203 })).join('').length
      : (await labelsPdf(built, 'bench')).length;
  return { rate: (BOXES / (performance.now() - start)) * 1000, bytes };
}

export async function benchFbaLabels(): Promise<void> {
  console.log(`\nFBA box labels: a ${BOXES}-box plan in box order (${RUNS} runs each, after a warm-up)`);
  await perSecond('zpl', 0);
  await perSecond('pdf', 0);
  for (const format of ['zpl', 'pdf'] as const) {
    const runs: { rate: number; bytes: number }[] = [];
    for (let r = 0; r < RUNS; r++) runs.push(await perSecond(format, (r + 1) * BOXES));
    runs.sort((a, b) => a.rate - b.rate);
    const median = runs[Math.floor(RUNS / 2)];
    console.log(
      `  box labels → ${format.toUpperCase().padEnd(3)} ${BOXES} labels: median ${median.rate.toFixed(0).padStart(6)} labels/s ` +
        `(min ${runs[0].rate.toFixed(0)}, max ${runs[RUNS - 1].rate.toFixed(0)}) · ${(median.bytes / 1024).toFixed(0)} KiB · ` +
        `${BOXES} boxes in ${((BOXES / median.rate) * 1000).toFixed(0)} ms`,
    );
  }
}

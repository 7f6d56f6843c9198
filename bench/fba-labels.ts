/**
 * FBA box labels (issue 18): a 500-box plan's labels rendered in box order, as the labels step
 * does — Dockside's 4×6 box labels to ZPL (one document, one format per box) and to PDF (one
 * document, one page per box) — with the contents summary and the 2D code of each FBA box id.
 * Prints labels per second (median of three runs after a warm-up) beside the measure.
 * Run: BENCH=fba-labels npm run bench
 */
import { renderLabelBatch } from '../printing/render.js';

const RUNS = 3;
const BOXES = 500;

const boxes = (from: number) =>
  Array.from({ length: BOXES }, (_, i) => ({
    shipmentId: 'FBA15K7Q2XLM',
    boxId: `FBA15K7Q2XLMU${String(from + i + 1).padStart(6, '0')}`,
    boxNumber: i + 1,
    boxCount: BOXES,
    contents: [
      ...(i % 50 === 0 ? ['TEAM LIFT'] : []),
      `X00${String(from + i).padStart(7, '0')} × 24`,
      `X00${String(from + i + 7).padStart(7, '0')} × 12`,
    ],
  }));

async function perSecond(format: 'zpl' | 'pdf', from: number): Promise<{ rate: number; bytes: number }> {
  const start = performance.now();
  const out = await renderLabelBatch({ template: 'box', format, size: '4x6', items: boxes(from) });
  return { rate: (BOXES / (performance.now() - start)) * 1000, bytes: out.data.length };
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

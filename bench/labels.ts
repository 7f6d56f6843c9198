/**
 * Label rendering throughput: FNSKU labels to ZPL, to PDF (one document per label, as a
 * print-on-scan flow does), and to one 30-up Letter sheet document (34 pages per 1,000 labels).
 * Each case runs three times after a warm-up and prints min / median / max beside its target
 * (issue 23). Run: BENCH=labels npm run bench
 */
import { renderLabel, renderLabelBatch } from '../printing/render.js';

const RUNS = 3;

const item = (i: number) => ({
  fnsku: `X00${String(i).padStart(7, '0')}`,
  title: `Organic Green Tea Bags, 100 Count – Premium Japanese Sencha, batch ${i}`,
  condition: 'New',
  expiry: '2026-05-01',
});

async function rate(labels: number, run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return (labels / (performance.now() - start)) * 1000;
}

async function report(name: string, labels: number, target: number, run: () => Promise<unknown>): Promise<void> {
  const rates: number[] = [];
  for (let r = 0; r < RUNS; r++) rates.push(await rate(labels, run));
  rates.sort((a, b) => a - b);
  const [min, median, max] = [rates[0], rates[Math.floor(RUNS / 2)], rates[RUNS - 1]];
  const verdict = median >= target ? 'meets' : 'BELOW';
  console.log(
    `  ${name.padEnd(34)} ${labels} labels: median ${median.toFixed(0).padStart(6)} labels/s ` +
      `(min ${min.toFixed(0)}, max ${max.toFixed(0)}) · target ≥ ${target} — ${verdict}`,
  );
}

export async function benchLabels(): Promise<void> {
  console.log(`\nLabel rendering (${RUNS} runs each, after a warm-up)`);
  // Warm up fonts, the barcode encoder and the JIT so the first case is not charged for them.
  for (let i = 0; i < 200; i++) await renderLabel({ template: 'fnsku', format: 'zpl', data: item(i) });
  await renderLabel({ template: 'fnsku', format: 'pdf', data: item(0) });

  let next = 0; // every label a new FNSKU and title, as a real plan has
  await report('FNSKU → ZPL (one per label)', 5000, 10_000, async () => {
    for (let i = 0; i < 5000; i++) await renderLabel({ template: 'fnsku', format: 'zpl', data: item(next++) });
  });
  await report('FNSKU → PDF (one PDF per label)', 500, 500, async () => {
    for (let i = 0; i < 500; i++) await renderLabel({ template: 'fnsku', format: 'pdf', data: item(next++) });
  });
  let bytes = 0;
  await report('FNSKU → PDF 30-up Letter (1 doc)', 1000, 1000, async () => {
    const out = await renderLabelBatch({
      template: 'fnsku',
      format: 'pdf',
      size: '30up-letter',
      items: Array.from({ length: 1000 }, () => item(next++)),
    });
    bytes = out.data.length;
  });
  console.log(`  30-up document: ${Math.ceil(1000 / 30)} pages, ${(bytes / 1024).toFixed(0)} KiB`);
}

/**
 * Label rendering throughput: 1,000 FNSKU labels to ZPL, to PDF (one document per label, as a
 * print-on-scan flow does), and to one 30-up Letter sheet document of 1,000 labels (34 pages).
 * Run: npx tsx -e "import('./bench/labels.ts').then(m=>m.benchLabels())"
 */
import { renderLabel, renderLabelBatch } from '../printing/render.js';

const N = 1000;

const item = (i: number) => ({
  fnsku: `X00${String(i).padStart(7, '0')}`,
  title: `Organic Green Tea Bags, 100 Count – Premium Japanese Sencha, batch ${i}`,
  condition: 'New',
  expiry: '2026-05-01',
});

async function timed(name: string, labels: number, run: () => Promise<unknown>): Promise<void> {
  const start = performance.now();
  await run();
  const ms = performance.now() - start;
  console.log(
    `${name.padEnd(34)} ${labels} labels in ${ms.toFixed(0).padStart(6)} ms = ${((labels / ms) * 1000).toFixed(0).padStart(6)} labels/s`,
  );
}

export async function benchLabels(): Promise<void> {
  // Warm up fonts, the barcode encoder and the JIT so the first case is not charged for them.
  await renderLabel({ template: 'fnsku', format: 'pdf', data: item(0) });
  await renderLabel({ template: 'fnsku', format: 'zpl', data: item(0) });

  await timed('FNSKU → ZPL (one per label)', N, async () => {
    for (let i = 0; i < N; i++) await renderLabel({ template: 'fnsku', format: 'zpl', data: item(i) });
  });
  await timed('FNSKU → PDF (one PDF per label)', N, async () => {
    for (let i = 0; i < N; i++) await renderLabel({ template: 'fnsku', format: 'pdf', data: item(i) });
  });
  let bytes = 0;
  await timed('FNSKU → PDF 30-up Letter (1 doc)', N, async () => {
    const out = await renderLabelBatch({
      template: 'fnsku',
      format: 'pdf',
      size: '30up-letter',
      items: Array.from({ length: N }, (_, i) => item(i)),
    });
    bytes = out.data.length;
  });
  console.log(`  30-up document: ${Math.ceil(N / 30)} pages, ${(bytes / 1024).toFixed(0)} KiB`);
}

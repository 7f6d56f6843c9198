// Sums vitest's "Tests  N passed | M failed" lines of every pass into one closing line.
import { readFileSync } from 'node:fs';

const text = readFileSync(process.argv[2], 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const line of text.split('\n')) {
  const m = /^\s*Tests\s+(.*)$/.exec(line);
  if (!m) continue;
  passed += Number(/(\d+) passed/.exec(m[1])?.[1] ?? 0);
  failed += Number(/(\d+) failed/.exec(m[1])?.[1] ?? 0);
  skipped += Number(/(\d+) skipped/.exec(m[1])?.[1] ?? 0);
}
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);

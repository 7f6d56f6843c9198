/** The build step that writes .br/.gz next to text assets, and leaves images and small files alone. */
import { existsSync, mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ResolvedConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/vite-precompress.js';

describe('precompress build plugin', () => {
  it('compresses every text asset over 1 KB, recursively, and nothing else', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'dockside-build-'));
    const dist = path.join(root, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    const js = 'console.log("scan");\n'.repeat(200);
    writeFileSync(path.join(dist, 'assets', 'app.js'), js);
    writeFileSync(path.join(dist, 'sw.js'), js);
    writeFileSync(path.join(dist, 'assets', 'tiny.css'), 'a{color:red}');
    writeFileSync(path.join(dist, 'icon.png'), Buffer.alloc(4096, 7));

    const plugin = precompress();
    (plugin.configResolved as (c: ResolvedConfig) => void)({ root, build: { outDir: 'dist' } } as ResolvedConfig);
    const close = plugin.closeBundle as { handler: () => void };
    close.handler();

    for (const file of [path.join(dist, 'assets', 'app.js'), path.join(dist, 'sw.js')]) {
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(js);
      expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(js);
    }
    expect(existsSync(path.join(dist, 'assets', 'tiny.css.br'))).toBe(false);
    expect(existsSync(path.join(dist, 'icon.png.br'))).toBe(false);
  });
});

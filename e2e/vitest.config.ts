import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 300_000,
    // A loaded CI machine renders slower than a laptop: polls wait up to 15 s, not vitest's 1 s.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    fileParallelism: false,
    pool: 'forks',
  },
});

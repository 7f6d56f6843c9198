import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Test files that need a fresh module graph each: the screens' (jsdom, module mocks), the device's
 * (fake-indexeddb's global database, fake timers) and the browser printing's.
 */
const ISOLATED = ['tests/web/**', 'tests/sync/**', 'tests/printing/**', 'tests/integration/sync-engine.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    // Vitest's default in a run is one worker fewer than the cores: on the 2-core CI machine that
    // is one, and a core sits idle while each test file's in-process PGlite works. Two forks
    // there; one fewer than the cores on bigger machines.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A guard against hangs, not a speed check (benchmarks measure speed): generous, because
    // two forks share two cores with the PostgreSQL server in the second pass.
    testTimeout: 60_000,
    hookTimeout: 90_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          exclude: [...configDefaults.exclude, ...ISOLATED],
          // The server's, contracts' and domain's tests share each worker's modules: importing the
          // whole server costs seconds a file, and every test starts its own server (own database,
          // own secret) from them. State a module keeps is per database or per token issuer
          // (server/integrations/token-cache.ts, server/sandboxes/fault-rates.ts), never per process.
          isolate: false,
          setupFiles: ['tests/setup/per-file.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'isolated', include: ISOLATED.map((g) => (g.endsWith('**') ? `${g}/*.test.{ts,tsx}` : g)) },
      },
    ],
  },
});

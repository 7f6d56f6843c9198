import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
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
  },
});

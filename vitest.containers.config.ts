import { defineConfig } from 'vitest/config'

/**
 * `npm run test:containers` (through scripts/test-containers.mjs): suites against real MongoDB
 * and EventStoreDB servers started by testcontainers. Not part of `npm test`.
 */
export default defineConfig({
  test: {
    // Image pulls and server start-up happen in the suites' beforeAll.
    hookTimeout: 600_000,
    include: ['test/containers/**/*.test.ts'],
    // One server per suite: two at a time fit a 2-core machine.
    maxWorkers: 2,
    pool: 'forks',
    testTimeout: 120_000,
  },
})

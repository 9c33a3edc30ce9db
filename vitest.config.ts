import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Payload instances and child processes are heavy; two workers match the 2-core machine.
    maxWorkers: 2,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          include: ['test/unit/**/*.test.ts'],
          name: 'unit',
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          hookTimeout: 180_000,
          include: ['test/integration/**/*.test.ts'],
          name: 'integration',
          testTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          // Packs the tarball once for every package test.
          globalSetup: ['test/package/support/pack.ts'],
          hookTimeout: 600_000,
          include: ['test/package/**/*.test.ts'],
          name: 'package',
          testTimeout: 200_000,
        },
      },
    ],
  },
})

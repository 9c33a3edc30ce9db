import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// The browser suite: chromium against `next build` + `next start` of the dev app. Its files share
// one seeded server and change its data, so they run one after the other, in name order.
export default defineConfig({
  test: {
    fileParallelism: false,
    globalSetup: ['test/browser/support/app-server.setup.ts'],
    // The production build alone takes minutes on a 2-core machine.
    hookTimeout: 1_200_000,
    include: ['test/browser/**/*.test.ts'],
    name: 'browser',
    root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'),
    sequence: { shuffle: false },
    testTimeout: 180_000,
  },
})

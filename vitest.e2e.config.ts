import { defineConfig } from 'vitest/config'

// End-to-end: the built app started as a user would, driven by playwright-core in the system Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/helpers/e2e-server.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // A real browser on a loaded 2-core CI machine can miss a wait now and then: one retry, so a
    // broken flow still fails (twice) while a slow machine does not turn the build red.
    retry: 1,
  },
})

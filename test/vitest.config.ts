import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    // Engine tests start real worker pools and touch real files; two cores, so keep it modest.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['test/globalTempDir.ts'],
    // A temporary folder per test file: clean-ups' per-user lock lives there (privateTempDir.ts).
    setupFiles: ['test/privateTempDir.ts'],
    // In CI every test is listed, a skipped one with its reason.
    reporters: process.env.CI ? ['verbose'] : ['default'],
  },
});

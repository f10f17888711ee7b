// End-to-end tests: the built renderer in Debian's Chromium, talking to the real engine service
// through the test transport (engineFixture.ts). `npm run test:e2e` builds the renderer first.
// Browsers are never downloaded: the system's Chromium is used.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  globalSetup: '../globalTempDir.ts',
  testMatch: '*.spec.ts',
  outputDir: '../../test-results/e2e',
  // One engine (worker threads included) at a time on small CI machines.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    viewport: { width: 1440, height: 900 },
    colorScheme: 'light',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
});

// The review's timing figures (*.bench.ts): the same browser and engine as the end-to-end
// tests, run on request only — `npx playwright test -c test/e2e/bench.config.ts` — never in CI.
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

export default defineConfig({ ...base, testMatch: '*.bench.ts', outputDir: '../../test-results/bench' });

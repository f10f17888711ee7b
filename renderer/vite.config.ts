// Builds the UI into dist/renderer/, which the app serves from app://shingle/. Relative URLs,
// so the same build also loads from any other origin (the end-to-end tests' local server).
// No inline script: the host's Content-Security-Policy (electron/main/contentSecurityPolicy.ts)
// allows the app's own script files only.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = decodeURIComponent(new URL('.', import.meta.url).pathname);

export default defineConfig({
  root,
  base: './',
  plugins: [react()],
  build: {
    outDir: `${root}/../dist/renderer`,
    emptyOutDir: true,
    // Chromium supports modulepreload; the polyfill would only add code.
    modulePreload: { polyfill: false },
    target: 'chrome130',
  },
});

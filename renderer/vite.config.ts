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
    // React and the contract's validator (zod) in chunks of their own, the app's code in another:
    // all load at start from the app's files, but none passes Vite's 500 kB warning.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});

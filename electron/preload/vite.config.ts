// Builds the preload into dist/electron/preload.cjs. A sandboxed preload cannot load modules from
// disk (only electron's own), so the channel names are bundled in, as CommonJS (never zod: see the lint rule in eslint.config.js).
// Run with: vite build -c electron/preload/vite.config.ts (after the main build, which empties
// dist/electron/).
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const root = resolve(import.meta.dirname, '../..');

export default defineConfig({
  root,
  logLevel: 'warn',
  build: {
    lib: { entry: resolve(root, 'electron/preload/preload.ts'), formats: ['cjs'], fileName: () => 'preload.cjs' },
    outDir: resolve(root, 'dist/electron'),
    emptyOutDir: false,
    target: 'chrome130',
    sourcemap: true,
    minify: false,
    rolldownOptions: { external: ['electron'] },
  },
});

// Builds the preload into dist/electron/preload.cjs. A sandboxed preload cannot load modules from
// disk (only electron's own), so the contract and zod are bundled in, as CommonJS.
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

// Builds the main process into dist/electron/main.js (ESM, which Electron's main process loads).
// Only electron/main/ and electron/preload/ are bundled. The engine (electron/node/) and
// shared/ stay TypeScript sources that Electron's Node runs with type stripping, as the CLI
// does: the engine's worker pools load their worker modules by URL relative to their own .ts
// files, which bundling would break, and the engine keeps one form for every host.
// Run with: vite build -c electron/main/vite.config.ts
import { dirname, relative, resolve, sep } from 'node:path';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';

const root = resolve(import.meta.dirname, '../..');
const bundledDirs = ['electron/main', 'electron/preload'].map((dir) => resolve(root, dir) + sep);

/** Relative imports of files outside the bundled folders stay imports, rewritten for dist/electron/. */
function engineFromSource(): Plugin {
  let outDir = '';
  return {
    name: 'shingle-engine-from-source',
    enforce: 'pre',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    resolveId(source, importer) {
      if (!importer || !source.startsWith('.')) return null;
      const file = resolve(dirname(importer), source);
      if (bundledDirs.some((dir) => file.startsWith(dir))) return null;
      return { id: relative(outDir, file).split(sep).join('/'), external: true };
    },
  };
}

export default defineConfig({
  root,
  logLevel: 'warn',
  plugins: [engineFromSource()],
  build: {
    // Server-side build: Node built-ins and node_modules (electron, zod, piscina…) stay imports.
    ssr: resolve(root, 'electron/main/main.ts'),
    outDir: resolve(root, 'dist/electron'),
    emptyOutDir: true,
    target: 'node22',
    sourcemap: true,
    minify: false,
    rolldownOptions: { output: { format: 'es', entryFileNames: 'main.js' } },
  },
});

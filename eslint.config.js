// Lint rules, and the process boundaries of DEVELOPERS.md as import rules: the folder a file
// lives in decides which runtime it may use.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';

const nodeModules = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const nodeBan = { paths: nodeModules.map((name) => ({ name, message: 'Node modules belong in electron/node.' })) };
const electronBan = { name: 'electron', message: 'Only electron/main and electron/preload import electron.' };
const domGlobals = ['window', 'document', 'navigator', 'localStorage', 'HTMLElement', 'fetch', 'location'];

function boundary(files, { paths = [], patterns = [] }) {
  return { files, rules: { 'no-restricted-imports': ['error', { paths, patterns }] } };
}

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  boundary(['shared/**/*.ts'], {
    paths: [...nodeBan.paths, electronBan],
    patterns: [{ group: ['**/electron/**', '**/renderer/**'], message: 'shared/ depends on nothing else.' }],
  }),
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', ...domGlobals, 'process', 'Buffer', 'require', '__dirname'],
    },
  },
  boundary(['renderer/**/*.{ts,tsx}'], {
    paths: [...nodeBan.paths, electronBan],
    patterns: [{ group: ['**/electron/**'], message: 'The renderer talks to the engine only through shared/ contract.' }],
  }),
  boundary(['electron/node/**/*.ts'], {
    paths: [electronBan],
    patterns: [{ group: ['**/renderer/**', '**/electron/main/**', '**/electron/preload/**'], message: 'The engine never depends on its hosts.' }],
  }),
  boundary(['test/**/*.ts', 'scripts/**/*.ts'], { paths: [electronBan] }),
  // The Playwright process never loads the engine: the engine's worker pools require() their ES
  // module workers, which under Playwright's module hooks once killed a test worker with a Node
  // assertion (ModuleWrap::CreateRequiredModuleFacade). End-to-end tests fork the engine host.
  {
    files: ['test/e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [electronBan],
          patterns: [
            {
              regex: 'electron/node/(?!host/hostProcess\\.ts$)',
              message: 'Reach the engine through electron/node/host/hostProcess.ts (a child process).',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  // The sandboxed preload bundles what it imports: names from shared/contract/channels.ts, never
  // zod or the schemas (types only).
  {
    files: ['electron/preload/**/*.ts', 'shared/contract/channels.ts', 'shared/contract/vocabulary.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'The preload must not bundle zod.', allowTypeImports: true }],
          patterns: [{ group: ['**/contract/engineContract*', '**/contract/schemas*'], message: 'Import names from shared/contract/channels.ts.', allowTypeImports: true }],
        },
      ],
    },
  },
);

#!/usr/bin/env node
// The `shingle` command's entry point (package.json "bin"), in JavaScript on purpose so that the
// compile cache is enabled before shingle.ts loads (see ../compileCache.mjs). shingle.ts holds the
// command itself and still runs directly (tests, `node …/shingle.ts`).
import * as nodeModule from 'node:module';
import process from 'node:process';
import { enableCompileCache } from '../compileCache.mjs';

// A Node that cannot run TypeScript (before 22.18) would die on the import below with a stack.
if (!process.features.typescript || typeof nodeModule.enableCompileCache !== 'function') {
  process.stderr.write(`shingle: needs a Node.js that runs TypeScript, 22.18 or later (this is ${process.version}${process.features.typescript === false ? " with type stripping off" : ""}): run it as \`npx shingle\`, which uses the project's own Node\n`);
  process.exit(1);
}

enableCompileCache();
await import('./shingle.ts');

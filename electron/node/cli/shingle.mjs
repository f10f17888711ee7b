#!/usr/bin/env node
// The `shingle` command's entry point (package.json "bin"), in JavaScript on purpose: Node must
// strip the types of a .ts entry point before any of its code runs, which loads its TypeScript
// stripper (40–70 ms of CPU) on every start, before shingle.ts could enable the compile cache.
// Enabled here first, the cache then serves shingle.ts and all it imports already stripped and
// compiled. shingle.ts holds the command itself and still runs directly (tests, `node …/shingle.ts`).
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./shingle.ts');

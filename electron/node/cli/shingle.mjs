#!/usr/bin/env node
// The `shingle` command's entry point (package.json "bin"), in JavaScript on purpose: Node must
// strip the types of a .ts entry point before any of its code runs, which loads its TypeScript
// stripper (40–70 ms of CPU) on every start, before shingle.ts could enable the compile cache.
// Enabled here first, the cache then serves shingle.ts and all it imports already stripped and
// compiled. shingle.ts holds the command itself and still runs directly (tests, `node …/shingle.ts`).
import * as nodeModule from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';

// A Node that cannot run TypeScript (before 22.18) would die on the import below with a stack.
if (!process.features.typescript || typeof nodeModule.enableCompileCache !== 'function') {
  process.stderr.write(`shingle: needs a Node.js that runs TypeScript, 22.18 or later (this is ${process.version}${process.features.typescript === false ? " with type stripping off" : ""}): run it as \`npx shingle\`, which uses the project's own Node\n`);
  process.exit(1);
}

/** The user's cache folder, not the system's temporary one (Node's default), which is shared and cleared. */
function compileCacheDir(env = process.env) {
  if (env.NODE_COMPILE_CACHE) return env.NODE_COMPILE_CACHE;
  if (process.platform === 'win32') return join(env.LOCALAPPDATA || join(homedir(), 'AppData', 'Local'), 'Shingle', 'Cache', 'compile');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'Shingle', 'compile');
  const xdg = env.XDG_CACHE_HOME;
  return join(xdg && xdg.startsWith('/') ? xdg : join(homedir(), '.cache'), 'shingle', 'compile');
}

nodeModule.enableCompileCache(compileCacheDir());
await import('./shingle.ts');

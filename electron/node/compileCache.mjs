// Where Shingle keeps Node's compile cache, for its two entry points (cli/shingle.mjs, the command;
// host/engineHost.mjs, the engine the app starts). Both are JavaScript on purpose: Node must
// strip the types of a .ts entry point before any of its code runs, which loads its TypeScript
// stripper on every start, before the entry could enable the cache. Enabled first, the cache then
// serves the .ts entry and all it imports already stripped and compiled.
import * as nodeModule from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';

/** The user's cache folder, not the system's temporary one (Node's default), which is shared and cleared. */
export function compileCacheDir(env = process.env) {
  if (env.NODE_COMPILE_CACHE) return env.NODE_COMPILE_CACHE;
  if (process.platform === 'win32') return join(env.LOCALAPPDATA || join(homedir(), 'AppData', 'Local'), 'Shingle', 'Cache', 'compile');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'Shingle', 'compile');
  const xdg = env.XDG_CACHE_HOME;
  return join(xdg && xdg.startsWith('/') ? xdg : join(homedir(), '.cache'), 'shingle', 'compile');
}

/**
 * Enables the cache for this thread (the engine's worker threads are given it by hashPool.ts's
 * workerEnv). A runtime without it (a Node before 22.1 inside an older Electron) starts uncached.
 */
export function enableCompileCache() {
  if (typeof nodeModule.enableCompileCache === 'function') nodeModule.enableCompileCache(compileCacheDir());
}

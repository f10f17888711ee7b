// The engine host's entry point (what Electron's main and the tests fork), in JavaScript so that
// Node's compile cache is enabled before engineHost.ts and the whole engine it imports load (see
// ../compileCache.mjs): at every start but the first the engine answers the window sooner (its
// imports took ~1 s of CPU, ~0.35 s from the cache, measured on Node 24).
import { enableCompileCache } from '../compileCache.mjs';

enableCompileCache();
await import('./engineHost.ts');

// Drop tokens: the page never names a path for the engine. When a folder is dropped on the
// window, the preload reads its path with webUtils.getPathForFile (which gives a path only for a
// real drop, never for a File the page made up) and hands it to main; main issues a random token
// for it. The page passes the token to addDroppedFolders, and the engine asks main which path it
// stands for. A token is good once and only for a while.
import { randomUUID } from 'node:crypto';
import { isAbsolute } from 'node:path';

/** Tokens kept at most: a drop brings at most 100 items, and they are redeemed at once. */
const MAX_TOKENS = 1000;

export interface DropTokens {
  issue(path: unknown): string;
  redeem(tokens: readonly string[]): string[];
}

export function createDropTokens(): DropTokens {
  const paths = new Map<string, string>();
  return {
    issue(path) {
      if (typeof path !== 'string' || path.length > 4096 || !isAbsolute(path) || path.includes('\0')) throw new Error('A drop token is issued only for the absolute path of a dropped item');
      const token = randomUUID();
      paths.set(token, path);
      // The oldest go first (a Map keeps insertion order).
      for (const old of paths.keys()) {
        if (paths.size <= MAX_TOKENS) break;
        paths.delete(old);
      }
      return token;
    },
    redeem(tokens) {
      return tokens.flatMap((token) => {
        const path = paths.get(token);
        paths.delete(token);
        return path ?? [];
      });
    },
  };
}

// What the walk never looks at. The default list holds folders whose files are copies or
// machinery by design, so their duplicates are noise, and trash, whose files the user already
// threw away. It applies at any depth and also when hidden files are included.
import { createRequire } from 'node:module';
import { resolve, sep } from 'node:path';
import { realPathOr } from './fsPath.ts';
import { xdgDataHome } from './xdgDataHome.ts';
import type picomatch from 'picomatch';

// Loaded when the user gives globs (picomatch is CommonJS, so synchronously): most scans have none.
const require = createRequire(import.meta.url);

/** Excluded base names, files or folders. */
export const DEFAULT_EXCLUDED_NAMES: ReadonlySet<string> = new Set([
  // Version control internals.
  '.git',
  '.hg',
  '.svn',
  '.bzr',
  '_darcs',
  // Installed dependencies and package-manager stores.
  'node_modules',
  '.npm',
  '.pnpm-store',
  // Caches.
  '.cache',
  '__pycache__',
  '.mypy_cache',
  '.pytest_cache',
  '.ruff_cache',
  // Trash: macOS, Windows (both spellings Windows has used), XDG's per-user folder is below.
  '.Trash',
  '.Trashes',
  '$RECYCLE.BIN',
  '$Recycle.Bin',
]);

/** Trash folders that removable drives get per user id: `.Trash-1000`. */
const TRASH_PREFIX = '.Trash-';

/** Names too common to exclude everywhere, excluded only below these parent folders. */
const EXCLUDED_UNDER = new Map<string, string[]>([
  ['cache', [`${sep}.yarn`, `${sep}.yarn${sep}berry`]],
  ['Trash', [`${sep}.local${sep}share`]],
]);

/** True for an entry of the default list; `parent` is the absolute path of its folder. */
export function isDefaultExcluded(name: string, parent: string): boolean {
  if (DEFAULT_EXCLUDED_NAMES.has(name) || name.startsWith(TRASH_PREFIX)) return true;
  const parents = EXCLUDED_UNDER.get(name);
  if (parents === undefined) return false;
  // The home trash where XDG_DATA_HOME moved it: what the clean-up trashed would come back as duplicates.
  if (parents.some((suffix) => parent.endsWith(suffix))) return true;
  const dataHome = name === 'Trash' ? xdgDataHome() : undefined;
  return dataHome !== undefined && (parent === resolve(dataHome) || parent === realPathOr(dataHome));
}

export type PathTest = (path: string) => boolean;

export interface UserExcludes {
  /** Patterns without a slash, tested against the base name at any depth. */
  byName: PathTest | null;
  /** Patterns with a slash, tested against the '/'-separated path relative to the root. */
  byPath: PathTest | null;
}

/**
 * Compiles the user's globs. A leading '/' or './' only anchors the pattern at the root and a
 * trailing '/' is dropped, so `/build`, `build/` and `build` all exclude a folder named build.
 * `dot` is on so that `*.tmp` also excludes `.draft.tmp`.
 */
export function compileUserExcludes(patterns: string[]): UserExcludes {
  const byName: string[] = [];
  const byPath: string[] = [];
  for (const raw of patterns) {
    const anchored = raw.startsWith('/') || raw.startsWith('./');
    const pattern = raw.replace(/^\.?\/+/, '').replace(/\/+$/, '');
    if (pattern === '') continue;
    (anchored || pattern.includes('/') ? byPath : byName).push(pattern);
  }
  const compile = (list: string[]): PathTest | null => (list.length === 0 ? null : (require('picomatch') as typeof picomatch)(list, { dot: true }));
  return { byName: compile(byName), byPath: compile(byPath) };
}

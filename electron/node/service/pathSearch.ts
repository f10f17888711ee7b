// The cluster list's path search. Its text is read by its form: between slashes it is a regular
// expression (/\.pdf$/), with * or ? a wildcard pattern (Downloads/**/*.txt), else a plain
// substring. Paths come from the person's disk and patterns from a text field, so no pattern
// may take time out of proportion to them: regular expressions and wildcard patterns run on
// V8's linear-time engine (the `l` flag), which has no backtracking to blow up, and a pattern
// that engine cannot run (back-references, lookbehind, large {n,m} counts) is refused with why.
import { setFlagsFromString } from 'node:v8';
import type { SearchMode } from '../../../shared/contract/vocabulary.ts';

/** Longer patterns are refused: a search field is not a place for a program. */
export const SEARCH_PATTERN_MAX = 300;

/** A search that cannot run, said in one line for the search field. */
export class SearchError extends Error {}

export function searchMode(search: string): SearchMode {
  if (search.length > 2 && search.startsWith('/') && search.endsWith('/')) return 'regex';
  return /[*?]/.test(search) ? 'wildcard' : 'text';
}

/** V8's flag for its linear-time engine (a name, so that linters that know no such flag let it be). */
const LINEAR: string = 'l';

let linearEngine: boolean | undefined;

/** Whether V8's linear-time regular expressions are on (turned on at first use; off only in a V8 without them). */
function linearAvailable(): boolean {
  if (linearEngine === undefined) {
    setFlagsFromString('--enable-experimental-regexp-engine');
    try {
      new RegExp('a', LINEAR);
      linearEngine = true;
    } catch {
      linearEngine = false;
    }
  }
  return linearEngine;
}

/** The reason V8 gives, without its restatement of the whole pattern. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(message.lastIndexOf(': ') + 2) || message;
}

function linearRegExp(source: string, what: string): RegExp {
  try {
    // Compiled on the ordinary engine first, only to tell a mistyped pattern from one it cannot run.
    new RegExp(source);
  } catch (error) {
    throw new SearchError(`Not a valid ${what}: ${reasonOf(error)}`);
  }
  if (!linearAvailable()) throw new SearchError(`This ${what} cannot be searched here: the linear-time engine is not available`);
  try {
    return new RegExp(source, LINEAR);
  } catch {
    throw new SearchError(`This ${what} cannot be searched in linear time: back-references, lookbehind and large {n,m} counts are not supported`);
  }
}

/**
 * A wildcard pattern as a regular expression over a lowercased path with forward slashes: `*`
 * and `?` stay within a folder name, `**` crosses folders. It matches at a folder boundary and
 * ends at one: `*.pdf` finds PDFs, `Backup` everything in a Backup folder; a leading `/` anchors
 * it at the start of the path.
 */
function wildcardSource(pattern: string): string {
  let source = pattern.startsWith('/') ? '^' : '(?:^|/)';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '*' && pattern[i + 1] === '*') {
      source += '.*';
      while (pattern[i + 1] === '*') i++;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\/-]/, '\\$&');
  }
  return `${source}(?:/|$)`;
}

/**
 * What decides whether a path matches `search`; throws a SearchError when the search cannot run
 * (too long, not a valid pattern, or not one the linear-time engine runs).
 */
export function pathMatcher(search: string, platform: NodeJS.Platform = process.platform): (path: string) => boolean {
  if (search.length > SEARCH_PATTERN_MAX) throw new SearchError(`A search of at most ${SEARCH_PATTERN_MAX} characters, please (this one has ${search.length})`);
  const slashed = platform === 'win32' ? (path: string) => path.replaceAll('\\', '/') : (path: string) => path;
  switch (searchMode(search)) {
    case 'text': {
      const needle = search.toLowerCase();
      return (path) => path.toLowerCase().includes(needle);
    }
    case 'wildcard': {
      const pattern = linearRegExp(wildcardSource(slashed(search.toLowerCase())), 'wildcard pattern');
      return (path) => pattern.test(slashed(path.toLowerCase()));
    }
    case 'regex': {
      const pattern = linearRegExp(search.slice(1, -1), 'regular expression');
      return (path) => pattern.test(path);
    }
  }
}

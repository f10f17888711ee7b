// What the watcher ignores: exactly what the walk leaves out (the default and user excludes and
// the hidden rule), judged on a whole path at once where the walk judges one name per folder;
// and the files the host writes itself while watching.
import { realpathSync } from 'node:fs';
import { basename, dirname, sep } from 'node:path';
import { isUnder } from '../index/scanRoots.ts';
import { compileUserExcludes, isDefaultExcluded } from '../scan/excludes.ts';
import type { WalkOptions } from '../scan/types.ts';

export type IgnoreTest = (path: string) => boolean;

/** `roots` are real paths, none inside another (resolveScanRoots); other paths are never ignored. */
export function createIgnoreTest(roots: readonly string[], options: Pick<WalkOptions, 'excludes' | 'hidden'>): IgnoreTest {
  const { byName, byPath } = compileUserExcludes(options.excludes);
  return (path) => {
    // chokidar hands its matchers '/'-separated paths on every platform.
    const native = sep === '/' ? path : path.replaceAll('/', sep);
    const root = roots.find((candidate) => isUnder(native, candidate));
    if (root === undefined || native === root) return false;
    let parent = root;
    let relative = '';
    for (const name of native.slice(root.endsWith(sep) ? root.length : root.length + 1).split(sep)) {
      if (isDefaultExcluded(name, parent)) return true;
      if (!options.hidden && name.startsWith('.')) return true;
      if (byName?.(name)) return true;
      relative = relative === '' ? name : `${relative}/${name}`;
      if (byPath?.(relative)) return true;
      parent = parent.endsWith(sep) ? parent + name : parent + sep + name;
    }
    return false;
  };
}

/** The path with its folder resolved as the walk resolves folders (fs.realpath); as given if that fails. */
export function throughRealFolder(path: string): string {
  try {
    const folder = realpathSync.native(dirname(path));
    return folder.endsWith(sep) ? folder + basename(path) : folder + sep + basename(path);
  } catch {
    return path;
  }
}

/**
 * Files the host writes while watching, such as the index: were they watched, each write would
 * wake the watch, whose analysis writes them again. SQLite's journals beside them go too.
 */
export function createOwnFileTest(ownFiles: readonly string[]): IgnoreTest {
  const paths = ownFiles.map(throughRealFolder);
  return (path) => paths.some((own) => path === own || path.startsWith(`${own}-`));
}

// Which stored rows a scan speaks for. The walk reports files under the roots' real paths
// (fs.realpath), so the roots are resolved the same way before rows are loaded or dropped. A root
// that cannot be resolved (an unplugged drive, a folder since removed) was not seen at all: its
// rows are neither loaded nor dropped.
import { realpathSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { decodeFsName } from '../../../shared/fsName.ts';
import { isWithin } from '../../../shared/paths/isWithin.ts';
import { toFsPath } from '../scan/fsPath.ts';
import { pathToBlob } from './pathBlob.ts';

/** The real paths of the roots that exist, without those inside another one. */
export function resolveScanRoots(roots: readonly string[]): string[] {
  const real: string[] = [];
  for (const root of roots) {
    try {
      real.push(decodeFsName(realpathSync.native(toFsPath(resolve(root)), { encoding: 'buffer' })));
    } catch {
      // Not seen by this scan; see above.
    }
  }
  const unique = [...new Set(real)];
  return unique.filter((root) => !unique.some((other) => other !== root && isUnder(root, other)));
}

function folderPrefix(root: string): string {
  return root.endsWith(sep) ? root : root + sep;
}

/** True for the root itself (a root may be a file) and every path below it. */
export function isUnder(path: string, root: string): boolean {
  // Asked once or more per file of a scan: the walk's paths start with their root as spelled,
  // which a string test settles without isWithin's normalising copies of both paths.
  if (path.startsWith(root) && (path.length === root.length || path[root.length] === sep || root.endsWith(sep))) return true;
  return isWithin(path, root, process.platform);
}

export function isUnderAny(path: string, roots: readonly string[]): boolean {
  for (const root of roots) if (isUnder(path, root)) return true;
  return false;
}

/**
 * The BLOB bounds of the paths below a root: `low <= path < high`. BLOBs compare as bytes
 * (memcmp, then length), so every path starting with the prefix lies in the range. The prefix
 * ends with the separator (0x2F or 0x5C), so raising that last byte gives the first BLOB past
 * them; appending 0xFF would not, as a name may hold a raw 0xFF byte.
 */
export function blobRangeBelow(root: string): { low: Uint8Array; high: Uint8Array } {
  const low = pathToBlob(folderPrefix(root));
  const high = low.slice();
  high[high.length - 1]! += 1;
  return { low, high };
}

// The one rule for "is this path inside that folder", used by every guard (reference folders,
// roots, move targets), every keep rule (in:/not-in:) and the UI. Paths arrive as the engine
// reported them, POSIX or Windows, whatever platform this code runs on.

/** How a platform spells and compares paths. */
export type PathPlatform = 'posix' | 'windows' | 'mac';

/** Drive letters (C:\, C:/) and UNC shares (\\server\share) are Windows paths. */
export function isWindowsPath(path: string): boolean {
  return /^[A-Za-z]:(?:[\\/]|$)/.test(path) || path.startsWith('\\\\');
}

/** The rules for paths on a Node `process.platform` (Windows and macOS compare without case by default). */
export function pathPlatformOf(platform: string): PathPlatform {
  return platform === 'win32' ? 'windows' : platform === 'darwin' ? 'mac' : 'posix';
}

function normalize(path: string, platform: PathPlatform): string {
  let out = path;
  if (platform === 'windows') {
    // Both separators are one; runs collapse, but a UNC path keeps its leading pair.
    const unc = /^[\\/]{2}[^\\/]/.test(out);
    out = out.replace(/[\\/]+/g, '\\');
    if (unc) out = `\\${out}`;
  } else {
    out = out.replace(/\/+/g, '/');
  }
  const separator = platform === 'windows' ? '\\' : '/';
  // A trailing separator says nothing more, except for a root ("/", "C:\").
  while (out.length > 1 && out.endsWith(separator) && !/^[A-Za-z]:\\$/.test(out)) out = out.slice(0, -1);
  return platform === 'posix' ? out : out.toLowerCase();
}

/**
 * True when `path` is `folder` itself or lies below it. Without `platform`, a Windows-looking
 * folder or path is compared with Windows rules (either separator, drive letters, no case) and
 * anything else as POSIX (case matters); pass 'mac' for macOS's case-insensitive default.
 */
export function isWithin(path: string, folder: string, platform?: PathPlatform): boolean {
  const rules = platform === 'windows' || isWindowsPath(folder) || isWindowsPath(path) ? 'windows' : (platform ?? 'posix');
  const p = normalize(path, rules);
  const f = normalize(folder, rules);
  if (p === f) return true;
  const separator = rules === 'windows' ? '\\' : '/';
  return p.startsWith(f.endsWith(separator) ? f : f + separator);
}

export function isWithinAny(path: string, folders: readonly string[], platform?: PathPlatform): boolean {
  return folders.some((folder) => isWithin(path, folder, platform));
}

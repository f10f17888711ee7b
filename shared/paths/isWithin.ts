// The one rule for "is this path inside that folder", used by every guard (reference folders,
// roots, move targets), every keep rule (in:/not-in:), the scan's roots and the UI. Paths arrive
// as the engine reported them, POSIX or Windows, whatever platform this code runs on.

/** How a platform spells and compares paths. */
export type PathPlatform = 'posix' | 'windows' | 'mac';

/** Drive letters (C:\, C:/) and UNC shares (\\server\share) are Windows paths. */
export function isWindowsPath(path: string): boolean {
  return /^[A-Za-z]:(?:[\\/]|$)/.test(path) || path.startsWith('\\\\');
}

/** A PathPlatform, or a Node `process.platform` name (Windows and macOS compare without case by default). */
function rulesFor(platform: string | undefined, path: string, folder: string): PathPlatform {
  if (platform === 'windows' || platform === 'win32' || isWindowsPath(folder) || isWindowsPath(path)) return 'windows';
  return platform === 'mac' || platform === 'darwin' ? 'mac' : 'posix';
}

function normalize(path: string, rules: PathPlatform): string {
  let out = path;
  if (rules === 'windows') {
    // Both separators are one; runs collapse, but a UNC path keeps its leading pair.
    const unc = /^[\\/]{2}[^\\/]/.test(out);
    out = out.replace(/[\\/]+/g, '\\');
    if (unc) out = `\\${out}`;
  } else if (out.includes('//')) {
    out = out.replace(/\/+/g, '/');
  }
  const separator = rules === 'windows' ? '\\' : '/';
  // A trailing separator says nothing more, except for a root ("/", "C:\").
  while (out.length > 1 && out.endsWith(separator) && !/^[A-Za-z]:\\$/.test(out)) out = out.slice(0, -1);
  return rules === 'posix' ? out : out.toLowerCase();
}

/**
 * True when `path` is `folder` itself or lies below it ("/a/b" is not within "/a/bc"). Without
 * `platform`, a Windows-looking folder or path is compared with Windows rules (either separator,
 * drive letters, no case) and anything else as POSIX (case matters); the engine passes
 * `process.platform`, so macOS compares without case as its file systems do by default.
 */
export function isWithin(path: string, folder: string, platform?: PathPlatform | string): boolean {
  const rules = rulesFor(platform, path, folder);
  return normalizedWithin(normalize(path, rules), normalize(folder, rules), rules);
}

function normalizedWithin(p: string, f: string, rules: PathPlatform): boolean {
  if (!p.startsWith(f)) return false;
  const separator = rules === 'windows' ? '\\' : '/';
  return p.length === f.length || f.endsWith(separator) || p[f.length] === separator;
}

/** isWithin(path, folder, platform) for many paths and one folder: the folder is normalised once per set of rules. */
export function withinFolder(folder: string, platform?: PathPlatform | string): (path: string) => boolean {
  const normalized = new Map<PathPlatform, string>();
  return (path) => {
    const rules = rulesFor(platform, path, folder);
    let f = normalized.get(rules);
    if (f === undefined) normalized.set(rules, (f = normalize(folder, rules)));
    return normalizedWithin(normalize(path, rules), f, rules);
  };
}

/** The same path by the platform's rules (separators, case where it does not count). */
export function samePath(a: string, b: string, platform?: PathPlatform | string): boolean {
  const rules = rulesFor(platform, a, b);
  return normalize(a, rules) === normalize(b, rules);
}

/**
 * Whether `path` is absolute and names each folder once, as a scan reports paths: no "." or ".."
 * segment, no empty one (a doubled separator), no trailing separator. Only such a path can be
 * told inside or outside a folder by its text (isWithin): "/a/b/../../c" is not within "/a".
 */
export function isPlainAbsolutePath(path: string, platform?: PathPlatform | string): boolean {
  const windows = rulesFor(platform, path, '') === 'windows';
  let rest: string;
  if (windows) {
    const root = /^(?:[A-Za-z]:\\|\\\\([^\\/]+)\\([^\\/]+)(?:\\|$))/.exec(path);
    // A UNC path's server and share are names too.
    if (!root || [root[1], root[2]].some((name) => name === '.' || name === '..')) return false;
    rest = path.slice(root[0].length);
  } else {
    if (!path.startsWith('/')) return false;
    rest = path.slice(1);
  }
  if (rest === '') return true;
  return rest.split(windows ? /[\\/]/ : '/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

export function isWithinAny(path: string, folders: readonly string[], platform?: PathPlatform | string): boolean {
  for (const folder of folders) if (isWithin(path, folder, platform)) return true;
  return false;
}

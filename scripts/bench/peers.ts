// Shingle and the duplicate finders it is measured against: how to run each one on a tree and
// how to read its answer back as groups of identical files (absolute paths).
import { spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import type { ScanReport } from '../../shared/report.ts';

export type Groups = string[][];

export interface Tool {
  name: string;
  /** The Debian package that provides it; Shingle is part of this repository. */
  aptPackage?: string;
  executable: string;
  args(root: string, resultFile: string): string[];
  /** Whether the tool writes its result on stdout (otherwise it writes resultFile itself). */
  resultOnStdout: boolean;
  parse(text: string): Groups;
  version(): string;
}

/** jdupes, fdupes: one path per line, a blank line after each group. */
function parseBlankLineGroups(text: string): Groups {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').filter((line) => line !== '').map((line) => resolve(line)))
    .filter((group) => group.length > 0);
}

function addToGroup(groups: Map<string, string[]>, key: string, path: string): void {
  const group = groups.get(key);
  if (group) group.push(path);
  else groups.set(key, [path]);
}

/** rdfind's results file: `duptype id depth size device inode priority name`; a group shares |id|. */
function parseRdfind(text: string): Groups {
  const groups = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const fields = line.split(' ');
    const id = String(Math.abs(Number(fields[1])));
    // The name is everything after the seven fixed fields and may itself contain spaces.
    const path = resolve(fields.slice(7).join(' '));
    addToGroup(groups, id, path);
  }
  return [...groups.values()].filter((group) => group.length > 1);
}

interface RmlintEntry {
  type?: string;
  checksum?: string;
  path?: string;
}

/** rmlint's JSON: a header, one object per lint file, a footer; duplicates share a checksum. */
function parseRmlint(text: string): Groups {
  const groups = new Map<string, string[]>();
  for (const entry of JSON.parse(text) as RmlintEntry[]) {
    if (entry.type !== 'duplicate_file' || !entry.checksum || !entry.path) continue;
    addToGroup(groups, entry.checksum, resolve(entry.path));
  }
  return [...groups.values()];
}

/** duff: `N files in cluster K (S bytes, digest D)` followed by the N paths. */
function parseDuff(text: string): Groups {
  const groups: Groups = [];
  for (const line of text.split('\n')) {
    if (/^\d+ files in cluster \d+ \(/.test(line)) groups.push([]);
    else if (line !== '') groups.at(-1)?.push(resolve(line));
  }
  return groups;
}

function parseShingle(text: string): Groups {
  const report = JSON.parse(text) as ScanReport;
  return report.clusters.filter((cluster) => cluster.kind === 'exact').map((cluster) => cluster.files.map((file) => file.path));
}

/** The first version number the tool prints about itself (some print it on stderr). */
function versionOf(executable: string, flag: string): string {
  const result = spawnSync(executable, [flag], { encoding: 'utf8' });
  return /\d+\.\d+(\.\d+)?/.exec(`${result.stdout}${result.stderr}`)?.[0] ?? '?';
}

export function allTools(repoRoot: string): Tool[] {
  const peer = (name: string, versionFlag: string, rest: Omit<Tool, 'name' | 'executable' | 'aptPackage' | 'version'>): Tool => ({
    name,
    aptPackage: name,
    executable: name,
    version: () => versionOf(name, versionFlag),
    ...rest,
  });
  return [
    {
      name: 'shingle',
      // The Node that runs this script (npm puts node_modules/.bin/node first): Shingle needs 24+.
      executable: process.execPath,
      args: (root) => [join(repoRoot, 'electron/node/cli/shingle.mjs'), 'scan', root, '--json', '--no-near', '--no-index'],
      resultOnStdout: true,
      parse: parseShingle,
      version: () => (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version,
    },
    peer('jdupes', '-v', { args: (root) => ['-r', '-q', root], resultOnStdout: true, parse: parseBlankLineGroups }),
    peer('rdfind', '--version', {
      args: (root, resultFile) => ['-dryrun', 'true', '-outputname', resultFile, root],
      resultOnStdout: false,
      parse: parseRdfind,
    }),
    peer('fdupes', '--version', { args: (root) => ['-r', '-q', root], resultOnStdout: true, parse: parseBlankLineGroups }),
    // -T df: duplicate files only; by default rmlint also reports empty files, bad links and more.
    peer('rmlint', '--version', {
      args: (root, resultFile) => ['-T', 'df', '-o', `json:${resultFile}`, root],
      resultOnStdout: false,
      parse: parseRmlint,
    }),
    // -z: leave empty files out, as the other tools do (the trees have none anyway).
    peer('duff', '-v', { args: (root) => ['-r', '-z', root], resultOnStdout: true, parse: parseDuff }),
  ];
}

export function onPath(executable: string): boolean {
  if (executable.includes('/')) return canRun(executable);
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && canRun(join(dir, executable)));
}

function canRun(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Installs Debian packages when this process may (root, apt-get present). Returns why it could
 * not, or undefined once apt-get succeeded.
 */
export function aptInstall(packages: string[]): string | undefined {
  if (packages.length === 0) return undefined;
  if (process.getuid?.() !== 0) return 'not root';
  if (!onPath('apt-get')) return 'apt-get not found';
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
  console.log(`  apt-get install -y ${packages.join(' ')}`);
  if (install().status === 0) return undefined;
  // A fresh container often has no package lists yet.
  spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
  return install().status === 0 ? undefined : 'apt-get install failed';
}

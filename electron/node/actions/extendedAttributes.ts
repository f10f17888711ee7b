// What a hard link would drop besides owner and permissions (checkStep.ts linkWouldChange): the
// duplicate's extended attributes and ACLs (an origin note, a quarantine flag, who else may read
// it). One inode has one set, the kept copy's. Node cannot read them without a native addon, so
// the platform's tool is asked: getfattr (package attr) on Linux, xattr and ls -le on macOS. When
// the tool is missing, the answer says so plainly instead of calling them the same.
import { hasEscapedBytes } from '../../../shared/fsName.ts';
import { octalEscapedPath } from './octalEscapedPath.ts';
import { runTool } from './platformTool.ts';
import type { RunTool } from './platformTool.ts';

/** A file's extended attributes (ACLs among them): name → value, as the tool printed it. */
export type Attributes = ReadonlyMap<string, string>;

/** Each path's attributes, or why they were not compared. */
export type AttributeLook = { attributes: ReadonlyMap<string, Attributes> } | { notCompared: string };

const NONE: Attributes = new Map();
/** getfattr's arguments per run: a plan of thousands of links costs tens of runs, not thousands. */
const PER_RUN = 200;

/** getfattr -d output: "# file: PATH" then "name=0xHEX" lines; a file without attributes prints nothing. */
export function parseGetfattr(stdout: Buffer): Map<string, Map<string, string>> {
  const found = new Map<string, Map<string, string>>();
  let current: Map<string, string> | undefined;
  for (const line of stdout.toString('latin1').split('\n')) {
    if (line.startsWith('# file: ')) found.set(octalEscapedPath(line.slice('# file: '.length)), (current = new Map()));
    else if (current && line.includes('=')) current.set(line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1));
  }
  return found;
}

async function linuxAttributes(paths: readonly string[], run: RunTool): Promise<AttributeLook> {
  const attributes = new Map<string, Attributes>();
  for (let i = 0; i < paths.length; i += PER_RUN) {
    const batch = paths.slice(i, i + PER_RUN);
    const answer = await run('getfattr', ['-d', '-m', '-', '--absolute-names', '-e', 'hex', '--', ...batch]);
    if (answer === 'absent') return { notCompared: 'extended attributes and ACLs not compared: install attr (getfattr)' };
    const found = parseGetfattr(answer.stdout);
    // A file system without extended attributes has none to lose.
    const problems = answer.stderr.split('\n').filter((line) => line.trim() !== '' && !line.includes('Operation not supported'));
    if (answer.code !== 0 && problems.length > 0) return { notCompared: `extended attributes and ACLs not compared: getfattr said ${problems[0]!.trim()}` };
    for (const path of batch) attributes.set(path, found.get(path) ?? NONE);
  }
  return { attributes };
}

/** macOS: `xattr -l -x` (every attribute, values in hex) and the ACL lines of `ls -led` (after its first line). */
async function macAttributes(paths: readonly string[], run: RunTool): Promise<AttributeLook> {
  const attributes = new Map<string, Attributes>();
  for (const path of paths) {
    const [xattrs, listing] = await Promise.all([run('xattr', ['-l', '-x', '--', path]), run('ls', ['-led', '--', path])]);
    if (xattrs === 'absent' || listing === 'absent') return { notCompared: 'extended attributes and ACLs not compared: xattr or ls is missing' };
    if (xattrs.code !== 0 || listing.code !== 0) return { notCompared: `extended attributes and ACLs not compared: ${(xattrs.code !== 0 ? xattrs : listing).stderr.split('\n')[0]!.trim()}` };
    const acl = listing.stdout.toString('utf8').split('\n').slice(1).join('\n').trim();
    attributes.set(path, new Map([...(xattrs.stdout.length > 0 ? [['extended attributes', xattrs.stdout.toString('latin1')] as const] : []), ...(acl ? [['ACL', acl] as const] : [])]));
  }
  return { attributes };
}

/** The extended attributes and ACLs of `paths`, read with the platform's tool. */
export async function readAttributes(paths: readonly string[], run: RunTool = runTool, platform: string = process.platform): Promise<AttributeLook> {
  if (paths.length === 0) return { attributes: new Map() };
  // A tool's arguments are text: a name that is not UTF-8 cannot be handed to it exactly.
  if (paths.some(hasEscapedBytes)) return { notCompared: 'extended attributes and ACLs not compared: a name is not valid UTF-8' };
  if (platform === 'linux') return linuxAttributes(paths, run);
  if (platform === 'darwin') return macAttributes(paths, run);
  return { notCompared: `extended attributes and ACLs not compared on ${platform === 'win32' ? 'Windows' : platform}` };
}

/** "ACL (system.posix_acl_access)" for the names that are ACLs; the name itself otherwise. */
function described(name: string): string {
  return name.startsWith('system.posix_acl_') || name === 'ACL' ? `ACL${name === 'ACL' ? '' : ` (${name})`}` : name;
}

/** What a hard link would drop of the duplicate's attributes for the kept copy's; undefined when they are the same. */
export function attributesWouldChange(file: Attributes, kept: Attributes): string | undefined {
  const names = [...new Set([...file.keys(), ...kept.keys()])].filter((name) => file.get(name) !== kept.get(name)).sort();
  if (names.length === 0) return undefined;
  return `a hard link to the kept copy would replace its extended attributes or ACL with the kept copy's (${names.map(described).join(', ')} differ)`;
}

// Files another program holds open for writing: a database, a mailbox, a virtual disk identical
// to its backup. Removed or replaced under it, everything it writes afterwards goes to an
// orphaned inode and is lost when it closes, so such a file is refused, with who holds it.
// One pass per batch, not per file, over the processes this user may look at:
// - Linux: /proc, each process's open files (fd/) and the flags each was opened with (fdinfo/);
// - macOS: lsof (there by default), its field output: process, access mode, device and inode;
// - Windows has no such list for a user, and needs none: a program that opens a file without
//   delete sharing (as databases and Office do) makes the move aside fail, and that failure is
//   reported as "in use" with its cause (inUseByMoveError), nothing acted on.
import { readFileSync, readdirSync, readlinkSync, statSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { runTool } from './platformTool.ts';
import type { RunTool } from './platformTool.ts';

const O_ACCMODE = 0o3;
const O_RDONLY = 0;

/** "dev:ino" → who holds that file open for writing. */
export type Writers = Map<string, string>;

const idOf = (stats: Pick<Stats, 'dev' | 'ino'>) => `${stats.dev}:${stats.ino}`;

function tryRead<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    // The process ended meanwhile, or is another user's: passed over.
    return undefined;
  }
}

const inUseBy = (pid: string, name: string | undefined) => `in use by PID ${pid}${name ? ` (${name})` : ''}: it is open for writing, and what that program writes after would be lost`;

/** Every file some other process holds open for writing, as the processes this user can see show them. */
export async function filesOpenForWriting(options: { proc?: string; run?: RunTool; platform?: string } = {}): Promise<Writers> {
  const platform = options.platform ?? process.platform;
  if (platform === 'linux') return procWriters(options.proc ?? '/proc');
  if (platform === 'darwin') return lsofWriters(options.run ?? runTool);
  return new Map();
}

function procWriters(proc: string): Writers {
  const writers: Writers = new Map();
  for (const pid of tryRead(() => readdirSync(proc)) ?? []) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    const fds = tryRead(() => readdirSync(`${proc}/${pid}/fd`)) ?? [];
    for (const fd of fds) {
      // Sockets, pipes and anonymous inodes name no file: only paths are looked at further.
      if (!tryRead(() => readlinkSync(`${proc}/${pid}/fd/${fd}`))?.startsWith('/')) continue;
      const flags = tryRead(() => /^flags:\s*([0-7]+)/m.exec(readFileSync(`${proc}/${pid}/fdinfo/${fd}`, 'utf8'))?.[1]);
      if (flags === undefined || (parseInt(flags, 8) & O_ACCMODE) === O_RDONLY) continue;
      const stats = tryRead(() => statSync(`${proc}/${pid}/fd/${fd}`));
      if (!stats?.isFile()) continue;
      const name = tryRead(() => readFileSync(`${proc}/${pid}/comm`, 'utf8').trim());
      writers.set(idOf(stats), inUseBy(pid, name));
    }
  }
  return writers;
}

/** Why `file` may not be acted on because a program has it open for writing, or undefined. */
export function inUse(writers: Writers, file: Pick<Stats, 'dev' | 'ino'>): string | undefined {
  return writers.get(idOf(file));
}

/**
 * lsof's field output (-F pcfatDi): a "p" line starts a process ("c" its command), an "f" line a
 * file, then its access ("a": r, w or u for both), type ("t"), device ("D", hex) and inode ("i").
 */
export function parseLsof(stdout: string, self = process.pid): Writers {
  const writers: Writers = new Map();
  let pid = '';
  let command: string | undefined;
  let file: Record<string, string> = {};
  const flush = () => {
    if (pid !== String(self) && (file.a === 'w' || file.a === 'u') && file.t === 'REG' && file.D && file.i) writers.set(`${parseInt(file.D, 16)}:${file.i}`, inUseBy(pid, command));
    file = {};
  };
  for (const line of stdout.split('\n')) {
    const [field, value] = [line[0], line.slice(1)];
    if (field === 'p') {
      flush();
      [pid, command] = [value, undefined];
    } else if (field === 'c') command = value;
    else if (field === 'f') {
      flush();
      file.f = value;
    } else if (field) file[field] = value;
  }
  flush();
  return writers;
}

/** lsof exits 1 when some file could not be looked at; what it listed still counts. Without lsof, none known. */
async function lsofWriters(run: RunTool): Promise<Writers> {
  const answer = await run('lsof', ['-w', '-n', '-P', '-F', 'pcfatDi']);
  return answer === 'absent' ? new Map() : parseLsof(answer.stdout.toString('utf8'));
}

/**
 * Windows: moving a file another program opened without delete sharing fails (EBUSY, a sharing
 * violation; EPERM may be one too). Said as "in use" with its cause; the caller acted on nothing.
 */
export function inUseByMoveError(error: unknown, platform: string = process.platform): string | undefined {
  if (platform !== 'win32') return undefined;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EBUSY') return 'in use by another program: Windows refused to move it (EBUSY, a sharing violation: the program opened it without letting others rename or delete it); nothing was done to it';
  if (code === 'EPERM') return 'Windows refused to move it (EPERM): another program may have it open, or it is read-only; nothing was done to it';
  return undefined;
}

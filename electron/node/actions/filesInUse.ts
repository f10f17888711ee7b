// Files another program holds open for writing: a database, a mailbox, a virtual disk identical
// to its backup. Removed or replaced under it, everything it writes afterwards goes to an
// orphaned inode and is lost when it closes, so such a file is refused, with who holds it.
// Linux only, from /proc: each process's open files (fd/) and the flags each was opened with
// (fdinfo/), for the processes this user may look at. One pass per batch, not per file.
import { readFileSync, readdirSync, readlinkSync, statSync } from 'node:fs';
import type { Stats } from 'node:fs';

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

/** Every file some other process holds open for writing, as the processes this user can see show them. */
export function filesOpenForWriting(proc = '/proc'): Writers {
  const writers: Writers = new Map();
  if (process.platform !== 'linux') return writers;
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
      writers.set(idOf(stats), `in use by PID ${pid}${name ? ` (${name})` : ''}: it is open for writing, and what that program writes after would be lost`);
    }
  }
  return writers;
}

/** Why `file` may not be acted on because a program has it open for writing, or undefined. */
export function inUse(writers: Writers, file: Pick<Stats, 'dev' | 'ino'>): string | undefined {
  return writers.get(idOf(file));
}

// One temporary folder per test run, set as TMPDIR before any test process starts (Vitest's and
// Playwright's global setup), so every folder a test, a worker or a child process makes with
// os.tmpdir() lives inside it. At the end it is removed with whatever is left in it, and what
// was left is named on stderr: a test that does not clean up is visible in CI's log and still
// leaves nothing behind on the machine. Two folders are left by design, not by a test, and are
// removed without a word: the compile cache the CLI's children keep, and the clean-ups' lock
// folder of the user (journalLock.ts), which lives as long as the temporary folder does. The
// same folder stands in for the system's fixed temporary folder, where the user's lock is also
// taken (SHINGLE_TEST_LOCK_ROOT): no test locks or tampers with the machine's real one.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { userLockDirs } from '../electron/node/actions/journalLock.ts';

export default async function setup(): Promise<() => Promise<void>> {
  const saved = process.env.TMPDIR;
  const dir = await mkdtemp(join(tmpdir(), 'shingle-test-run-'));
  process.env.TMPDIR = dir;
  process.env.SHINGLE_TEST_LOCK_ROOT = dir;
  return async () => {
    const byDesign = new Set(['node-compile-cache', ...userLockDirs().map((lockDir) => basename(lockDir))]);
    const left = (await readdir(dir).catch(() => [])).filter((name) => !byDesign.has(name));
    if (left.length > 0) process.stderr.write(`test run: removing what tests left in the temporary folder: ${left.join(', ')}\n`);
    await rm(dir, { recursive: true, force: true });
    delete process.env.SHINGLE_TEST_LOCK_ROOT;
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  };
}

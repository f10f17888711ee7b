// Each test file gets a temporary folder of its own (inside the run's, globalTempDir.ts) as TMPDIR,
// and as the stand-in for the system's fixed one (SHINGLE_TEST_LOCK_ROOT). Clean-ups take a lock
// per user in both (journalLock.ts): test files running at once, each with its own journals, must
// not find each other's batches holding it.
import { chmodSync, mkdtempSync, rmdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll } from 'vitest';
import { userLockDirs } from '../electron/node/actions/journalLock.ts';

const runDir = tmpdir();
const fileDir = mkdtempSync(join(runDir, 'test-file-'));
process.env.TMPDIR = fileDir;
process.env.SHINGLE_TEST_LOCK_ROOT = fileDir;
// Tests that run a command as an unprivileged user when run as root (runCli's `unprivileged`)
// open the folder a test made to traverse: the run's folder above it must be passable too.
if (process.getuid?.() === 0 && basename(runDir).startsWith('shingle-test-run-')) chmodSync(runDir, 0o711);

afterAll(() => {
  // The lock's folder.
  for (const made of userLockDirs()) rmSync(made, { recursive: true, force: true });
  // The compile cache of the engine hosts the file's tests forked (hostProcess.ts), there by design.
  rmSync(join(fileDir, 'node-compile-cache'), { recursive: true, force: true });
  // Only if empty: what a test left behind stays for the run's end to name and remove.
  try {
    rmdirSync(fileDir);
  } catch {
    // left for globalTempDir.ts
  }
  process.env.TMPDIR = runDir;
  process.env.SHINGLE_TEST_LOCK_ROOT = runDir;
});

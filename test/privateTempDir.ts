// Each test file gets a temporary folder of its own (inside the run's, globalTempDir.ts) as TMPDIR.
// Clean-ups take a lock per user in the temporary folder (journalLock.ts): test files running at
// once, each with its own journals, must not find each other's batches holding it.
import { mkdtempSync, rmdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { userLockDir } from '../electron/node/actions/journalLock.ts';

const runDir = tmpdir();
const fileDir = mkdtempSync(join(runDir, 'test-file-'));
process.env.TMPDIR = fileDir;

afterAll(() => {
  // The lock's folder, and the compile cache the CLI's children keep in the temporary folder.
  for (const made of [userLockDir(), join(fileDir, 'node-compile-cache')]) rmSync(made, { recursive: true, force: true });
  // Only if empty: what a test left behind stays for the run's end to name and remove.
  try {
    rmdirSync(fileDir);
  } catch {
    // left for globalTempDir.ts
  }
  process.env.TMPDIR = runDir;
});

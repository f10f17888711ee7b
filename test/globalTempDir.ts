// One temporary folder per test run, set as TMPDIR before any test process starts (Vitest's and
// Playwright's global setup), so every folder a test, a worker or a child process makes with
// os.tmpdir() lives inside it. At the end it is removed with whatever is left in it, and what
// was left is named on stderr: a test that does not clean up is visible in CI's log and still
// leaves nothing behind on the machine.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default async function setup(): Promise<() => Promise<void>> {
  const saved = process.env.TMPDIR;
  const dir = await mkdtemp(join(tmpdir(), 'shingle-test-run-'));
  process.env.TMPDIR = dir;
  return async () => {
    const left = await readdir(dir).catch(() => []);
    if (left.length > 0) process.stderr.write(`test run: removing what tests left in the temporary folder: ${left.join(', ')}\n`);
    await rm(dir, { recursive: true, force: true });
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  };
}

// A file the user may not read is reported once, in words: not once by the hashing and again,
// with Node's raw message, by the extraction that followed it. Run as an unprivileged user when
// the tests run as root (runCli's `unprivileged`), so the permission binds.
import { chmodSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanReport } from '../../../../shared/report.ts';
import { runCli, runningAsRoot } from '../../../helpers/runCli.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

const note = 'hello world, this is a note of a few words\n';

describe('a file that cannot be read', () => {
  let tree: TempTree;
  beforeAll(async () => {
    // Same size as its twin: both go to hashing, and a document goes on to extraction.
    tree = await createTempTree({ 'docs/a.txt': note, 'docs/b.txt': note });
    chmodSync(tree.path('docs/b.txt'), 0o000);
    chmodSync(tree.root, 0o755);
    chmodSync(tree.path('docs'), 0o755);
    if (runningAsRoot) chmodSync(dirname(tree.root), 0o711);
  });
  afterAll(() => tree.remove());

  it('is one error, in words, in the report and in the summary', async () => {
    const json = await runCli(['scan', tree.path('docs'), '--no-index', '--json'], { unprivileged: true });
    expect(json.code, json.stderr).toBe(0);
    const report = JSON.parse(json.stdout) as ScanReport;
    expect(report.errors).toEqual([{ path: tree.path('docs/b.txt'), code: 'EACCES', message: 'Could not open: permission denied.' }]);
    const human = await runCli(['scan', tree.path('docs'), '--no-index'], { unprivileged: true });
    expect(human.stdout + human.stderr).toContain('1 not read or compared');
    expect(human.stderr).not.toMatch(/EACCES: permission denied/);
  });
});

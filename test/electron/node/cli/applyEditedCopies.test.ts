// Which copy of an edited version stays when edited versions are not removed: the one the keep
// rules rank best, whatever order the scan listed the copies in.
import { utimesSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exists } from '../../../helpers/exists.ts';
import { runCli } from '../../../helpers/runCli.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { LICENSES, createLicensesTree, readReportFile, scanToReport } from './applyFixture.ts';

describe('shingle apply on the copies of an edited version', () => {
  let tree: TempTree;
  beforeEach(async () => {
    tree = await createLicensesTree();
    // The Backup copy is the older of the edited version's two copies, so the scan lists it first.
    const older = new Date(Date.now() - 86_400_000);
    utimesSync(tree.path(LICENSES.backup), older, older);
  });
  afterEach(() => tree.remove());

  it('keeps the Documents copy the rules rank best and trashes the Backup one, as the dry run says', async () => {
    const report = await scanToReport(tree, tree.path('home'));
    // The scan lists the Backup copy first: the order must not be what decides.
    const listed = (await readReportFile(report)).clusters.map((c) => c.files.map((f) => f.path));
    expect(listed).toEqual([[LICENSES.backup, LICENSES.edited, LICENSES.original, LICENSES.downloaded].map((name) => tree.path(name))]);
    const options = ['--keep', `not-in:${tree.path('home/Downloads')}`, '--keep', 'shortest-path', '--action', 'trash', '--journal', tree.path('state/journal.sqlite')];
    const dry = await runCli(['apply', report, ...options, '--dry-run']);
    expect(dry.stderr).toBe('');
    expect(dry.stdout).toContain(`  trash ${tree.path(LICENSES.backup)} (copy of ${tree.path(LICENSES.edited)})`);
    expect(dry.stdout).toContain(`  keep ${tree.path(LICENSES.edited)}: an edited version, not a copy: removed only with near included`);
    expect(dry.stdout).toContain(`  keep ${tree.path(LICENSES.original)}\n`);
    expect(dry.stdout).toContain(`  trash ${tree.path(LICENSES.downloaded)} (copy of ${tree.path(LICENSES.original)})`);

    const applied = await runCli(['apply', report, ...options], { env: { XDG_DATA_HOME: tree.path('data') } });
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    expect(await exists(tree.path(LICENSES.backup))).toBe(false);
    expect(await exists(tree.path(LICENSES.downloaded))).toBe(false);
    expect(await exists(tree.path(LICENSES.edited))).toBe(true);
    expect(await exists(tree.path(LICENSES.original))).toBe(true);
  });
});

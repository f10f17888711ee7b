// `shingle apply` does what its dry run says, file by file, and nothing a changed file, a symlink
// or a forged report would make it do.
import { mkdir, readdir, symlink, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../helpers/runCli.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { createKindsTree, dryRunDecisions, readReportFile, rewriteKeepingSizeAndMtime, scanToReport } from './applyFixture.ts';
import { exists } from '../../../helpers/exists.ts';


describe('shingle apply: the plan, and checks that match reality', () => {
  let tree: TempTree;
  let journal: string;
  beforeEach(async () => {
    tree = await createKindsTree();
    journal = tree.path('state/journal.sqlite');
  });
  afterEach(() => tree.remove());

  it('does file by file what the dry run printed, with no false refusal of a byte twin among mixed formats', async () => {
    const report = await scanToReport(tree, tree.path('docs'));
    const options = ['--keep', 'newest', '--action', 'trash', '--include', 'near,contained', '--journal', journal];
    const dry = await runCli(['apply', report, ...options, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`  trash ${tree.path('docs/near/copy/report.txt')} (copy of ${tree.path('docs/near/report.txt')})`);
    expect(dry.stdout).toContain(`  trash ${tree.path('docs/near/report.html')} (same text as ${tree.path('docs/near/report.txt')})`);
    expect(dry.stdout.trimEnd().split('\n').at(-1)).toMatch(/^Would trash 5 files, .*, 3 groups; 0 refused\.$/);
    const planned = dryRunDecisions(dry.stdout);
    expect(planned.size).toBe(8);

    const applied = await runCli(['apply', report, ...options]);
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    for (const [path, decision] of planned) expect(await exists(path), `${decision} ${path}`).toBe(decision === 'keep');
  });

  it('keeping the .html, both byte-identical .txt copies go as the same text, none refused', async () => {
    const report = await scanToReport(tree, tree.path('docs'));
    const applied = await runCli(['apply', report, '--keep', 'format:html', '--action', 'trash', '--journal', journal]);
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    for (const name of ['report.txt', 'copy/report.txt']) expect(await exists(tree.path(`docs/near/${name}`))).toBe(false);
    expect(await exists(tree.path('docs/near/report.html'))).toBe(true);
  });

  it('by default leaves edited versions and excerpts, and says why', async () => {
    const report = await scanToReport(tree, tree.path('docs'));
    const dry = await runCli(['apply', report, '--keep', 'newest', '--action', 'trash', '--dry-run']);
    expect(dry.stdout).toContain(`  keep ${tree.path('docs/near/draft.txt')}: an edited version, not a copy: removed only with near included`);
    expect(dry.stdout).toContain(`  keep ${tree.path('docs/contained/chapter.txt')}: an excerpt of a larger document: removed only with contained included`);
    expect(dry.stdout.trimEnd().split('\n').at(-1)).toMatch(/^Would trash 3 files/);
  });

  it('refuses a file rewritten after the scan with its size and mtime, for every kind of cluster', async () => {
    const report = await scanToReport(tree, tree.path('docs'));
    const targets = ['docs/exact/b.txt', 'docs/near/copy/report.txt', 'docs/near/report.html', 'docs/near/draft.txt', 'docs/contained/chapter.txt'];
    for (const name of targets) await rewriteKeepingSizeAndMtime(tree.path(name));
    const applied = await runCli(['apply', report, '--keep', 'newest', '--action', 'trash', '--include', 'near,contained', '--journal', journal]);
    expect(applied.code).toBe(1);
    for (const name of targets) {
      expect(applied.stderr).toContain(`skipped ${tree.path(name)}: the file changed since the scan`);
      expect(await exists(tree.path(name))).toBe(true);
    }
  });

  it('refuses every file whose kept copy was rewritten with its size and mtime', async () => {
    const report = await scanToReport(tree, tree.path('docs'));
    await rewriteKeepingSizeAndMtime(tree.path('docs/near/report.txt'));
    const applied = await runCli(['apply', report, '--keep', 'newest', '--action', 'delete', '--yes', '--include', 'near', '--journal', journal]);
    expect(applied.code).toBe(1);
    for (const name of ['near/copy/report.txt', 'near/report.html', 'near/draft.txt']) {
      expect(applied.stderr).toContain(`skipped ${tree.path(`docs/${name}`)}: the file it duplicates, ${tree.path('docs/near/report.txt')}, changed since the scan`);
      expect(await exists(tree.path(`docs/${name}`))).toBe(true);
    }
    // The exact pair is untouched by the change and goes on.
    expect(await exists(tree.path('docs/exact/b.txt'))).toBe(false);
  });

  it('protects a reference folder named through a symlink, and moves below the root', async () => {
    await symlink(tree.path('docs'), tree.path('docs-link'));
    const report = await scanToReport(tree, tree.path('docs-link'));
    expect((await readReportFile(report)).clusters.flatMap((c) => c.files.map((f) => f.path))).toContain(tree.path('docs/exact/b.txt'));
    // b.txt is the oldest of the exact pair: a.txt is the one acted on, and the reference keeps it.
    const guarded = await runCli(['apply', report, '--keep', 'oldest', '--action', 'trash', '--reference', 'docs-link/exact', '--journal', journal], { cwd: tree.root });
    expect(guarded.stderr).toContain(`skipped ${tree.path('docs/exact/a.txt')}: in a reference folder`);
    expect(await exists(tree.path('docs/exact/a.txt'))).toBe(true);

    // The first run trashed the other groups' copies; b.txt is still there and keeps its place below the root.
    const moved = await runCli(['apply', report, '--keep', 'newest', '--action', 'move', '--to', 'attic', '--journal', journal], { cwd: tree.root });
    expect(moved.stderr).not.toContain('exact/b.txt');
    expect(await readdir(tree.path('attic/exact'))).toEqual(['b.txt']);
  });

  it('refuses as bad usage a move into a scanned folder (the copies would stay there, renamed) or into a reference folder', async () => {
    await mkdir(tree.path('refs'));
    const report = await scanToReport(tree, tree.path('docs'));
    const into = async (to: string, ...more: string[]) => runCli(['apply', report, '--keep', 'newest', '--action', 'move', '--to', to, ...more, '--dry-run', '--journal', journal]);
    for (const [to, what] of [[tree.path('docs'), 'a scanned folder'], [tree.path('docs/exact/moved'), 'a scanned folder']] as const) {
      const refused = await into(to);
      expect(refused.code, to).toBe(2);
      expect(refused.stderr).toMatch(new RegExp(`^shingle apply: the folder to move to, .*, is inside ${what}, .*docs: choose one outside the scanned and reference folders\n$`));
    }
    const reference = await into(tree.path('refs/moved'), '--reference', tree.path('refs'));
    expect(reference.code).toBe(2);
    expect(reference.stderr).toContain('is inside a reference folder');
    expect((await into(tree.path('attic'))).code).toBe(0);
  });

  it('takes a leading ~ in a keep rule\'s folder as the home folder, which the shell does not expand there', async () => {
    const report = await scanToReport(tree, tree.path('docs'));
    const dry = await runCli(['apply', report, '--keep', 'in:~/docs/exact', '--keep', 'newest', '--action', 'trash', '--dry-run', '--journal', journal], { env: { HOME: tree.root } });
    expect(dry.stderr).toBe('');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`  keep ${tree.path('docs/exact/a.txt')}`);
    // Another user's ~ is not looked up: said, not taken for a folder of that name here.
    const other = await runCli(['apply', report, '--keep', 'newest', '--action', 'move', '--to=~somebody/attic', '--dry-run', '--journal', journal], { cwd: tree.root });
    expect(other.code).toBe(2);
    expect(other.stderr).toBe("shingle apply: ~somebody/attic: ~user is not expanded here; write the folder's full path\n");
  });

  it('refuses what a forged report claims: a file outside the scanned folders, unrelated texts, different bytes', async () => {
    await mkdir(tree.path('private'));
    await writeFile(tree.path('private/diary.txt'), 'Dear diary, nothing here is a duplicate of anything.\n'.repeat(40));
    await writeFile(tree.path('docs/unrelated.txt'), 'A recipe for bread: flour, water, salt and patience, then an oven.\n'.repeat(40));
    await writeFile(tree.path('docs/unrelated2.txt'), 'Minutes of the chess club: the knight moved first, the bishop second.\n'.repeat(40));
    const report = await scanToReport(tree, tree.path('docs'));
    const forged = await readReportFile(report);
    const real = forged.clusters.find((c) => c.kind === 'exact')!.files[0]!;
    const stateOf = async (path: string) => {
      const { lstat } = await import('node:fs/promises');
      const info = await lstat(path);
      return { path, size: info.size, mtime: info.mtimeMs, ctime: info.ctimeMs };
    };
    const diary = await stateOf(tree.path('private/diary.txt'));
    const unrelated = await stateOf(tree.path('docs/unrelated.txt'));
    const unrelated2 = await stateOf(tree.path('docs/unrelated2.txt'));
    forged.clusters = [
      { id: 'near-outside', kind: 'near', similarity: 0.9, reclaimable: 1, files: [real, { ...diary, similarity: 0.95 }] },
      { id: 'near-unrelated', kind: 'near', similarity: 0.9, reclaimable: 1, files: [real, { ...unrelated, similarity: 0.95 }] },
      { id: 'exact-forged', kind: 'exact', similarity: 1, reclaimable: 1, files: [real, { ...unrelated2, hash: real.hash! }] },
    ];
    await writeFile(report, JSON.stringify(forged));
    const applied = await runCli(['apply', report, '--keep', 'newest', '--action', 'delete', '--yes', '--include', 'near', '--journal', journal]);
    expect(applied.code).toBe(1);
    expect(applied.stderr).toContain(`skipped ${diary.path}: outside the scanned folders`);
    expect(applied.stderr).toMatch(new RegExp(`refused ${unrelated.path}: it resembles ${real.path} only \\d+%`));
    expect(applied.stderr).toContain(`refused ${unrelated2.path}: its content changed since the scan`);
    expect(await exists(diary.path)).toBe(true);
    expect(await exists(unrelated.path)).toBe(true);
    expect(await exists(unrelated2.path)).toBe(true);
    expect(await exists(real.path)).toBe(true);
  });

  it('a batch whose every step is refused offers no undo, and undo with no number still undoes the last one that acted', async () => {
    const report = await scanToReport(tree, tree.path('docs'));
    const first = await runCli(['apply', report, '--keep', 'newest', '--action', 'trash', '--journal', journal]);
    expect(first.stdout).toMatch(/^Batch 1: trash [1-9]\d* files? .*Undo with: shingle undo 1\n$/);
    // A forged pair of different bytes under one hash: planned, then refused at run time.
    await writeFile(tree.path('docs/other.txt'), 'Not the same bytes as anything else in the folder.\n'.repeat(40));
    const forged = await readReportFile(report);
    const kept = forged.clusters.find((c) => c.kind === 'exact')!.files.find((f) => f.path.endsWith('a.txt'))!;
    const { lstat } = await import('node:fs/promises');
    const info = await lstat(tree.path('docs/other.txt'));
    const other = { path: tree.path('docs/other.txt'), size: info.size, mtime: info.mtimeMs, ctime: info.ctimeMs, hash: kept.hash! };
    forged.clusters = [{ id: 'exact-forged', kind: 'exact', similarity: 1, reclaimable: 1, files: [kept, other] }];
    await writeFile(report, JSON.stringify(forged));
    const second = await runCli(['apply', report, '--keep', `in:${tree.path('docs/exact')}`, '--action', 'trash', '--journal', journal]);
    expect(second.code).toBe(1);
    expect(second.stdout).toBe('Batch 2: trash 0 files (0 B); 1 not done.\n');
    const undone = await runCli(['undo', '--journal', journal]);
    expect(undone.stdout).toMatch(/^Batch 1: restored [1-9]/);
    expect(undone.code).toBe(0);
  });
});

// `shingle watch` as a user runs it: a real child process, real folders, Ctrl-C to stop.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { Cluster } from '../../../../shared/report.ts';
import { editEveryNthWord, prose } from '../../../helpers/documents.ts';
import { lineReader } from '../../../helpers/lineReader.ts';
import { runCli, startCli } from '../../../helpers/runCli.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

const contract = prose(1);
const revised = editEveryNthWord(contract, 20);
/** Start-up of Node, the workers and the first scan, on a loaded machine. */
const READY_MS = 30_000;

type WatchLine = { event: string; cluster?: Cluster; previousId?: string; message?: string };

function event(text: string): WatchLine {
  return JSON.parse(text) as WatchLine;
}

describe('shingle watch (CLI)', () => {
  let tree: TempTree | undefined;
  afterEach(async () => {
    await tree?.remove();
    tree = undefined;
  });

  it('--json prints one JSON line per event, a new near-duplicate within 2 s, and exits 130 on Ctrl-C', async () => {
    tree = await createTempTree({ 'contract.txt': contract, 'copy.txt': contract, 'notes.txt': prose(5) });
    const { child, done } = startCli(['watch', tree.root, '--json', '--no-index']);
    const stdout = lineReader(child.stdout!);
    const ready = await stdout.until((text) => event(text).event === 'ready', READY_MS);
    const initial = stdout.lines.map((l) => event(l.text)).filter((e) => e.event.startsWith('cluster-'));
    expect(initial.map((e) => e.event)).toEqual(['cluster-added']);
    expect(initial[0]!.cluster!.kind).toBe('exact');

    const newPath = tree.path('contract-v2.txt');
    await writeFile(newPath, revised);
    const line = await stdout.until((text) => {
      const e = event(text);
      return (e.event === 'cluster-added' || e.event === 'cluster-changed') && e.cluster!.files.some((f) => f.path === newPath);
    }, 30_000, stdout.lines.indexOf(ready));
    const change = event(line.text);
    expect(change.cluster!.kind).toBe('near');
    expect(change.cluster!.files.map((f) => f.path).sort()).toEqual([newPath, tree.path('contract.txt'), tree.path('copy.txt')].sort());

    child.kill('SIGINT');
    const result = await done;
    expect(result.code).toBe(130);
    for (const text of result.stdout.trimEnd().split('\n')) expect(event(text).event).toMatch(/^(cluster-(added|changed|removed)|ready|progress|warning|file-error)$/);
    expect(result.stdout).toContain('"event":"progress"');
  });

  it('prints one readable line per change for people', async () => {
    tree = await createTempTree({ 'contract.txt': contract });
    const { child, done } = startCli(['watch', tree.root, '--no-index']);
    const stdout = lineReader(child.stdout!);
    await stdout.until((text) => text.startsWith('Watching 1 folder: 1 file, 0 groups.'), READY_MS);
    await writeFile(tree.path('copy.txt'), contract);
    const added = await stdout.until((text) => text.startsWith('+ '), 5000);
    expect(added.text).toContain('2 identical files');
    expect(added.text).toContain(tree.path('copy.txt'));
    child.kill('SIGINT');
    const result = await done;
    expect(result.code).toBe(130);
    expect(result.stderr).toBe('shingle watch: stopped\n');
  });

  it('reads and writes the index named with --index', async () => {
    tree = await createTempTree({ 'Docs/contract.txt': contract, 'Docs/copy.txt': contract });
    const index = tree.path('state/index.sqlite');
    const { child, done } = startCli(['watch', tree.path('Docs'), '--json', `--index=${index}`]);
    await lineReader(child.stdout!).until((text) => event(text).event === 'ready', READY_MS);
    child.kill('SIGINT');
    expect((await done).code).toBe(130);
    expect(existsSync(index)).toBe(true);
  });

  it('exits 2 with a one-line message on bad usage', async () => {
    tree = await createTempTree({ 'contract.txt': contract });
    const root = tree.root;
    for (const args of [['watch'], ['watch', root, '--index'], ['watch', root, '--index', 'x.sqlite', '--no-index'], ['watch', root, '--bogus'], ['watch', tree.path('missing')]]) {
      const result = await runCli(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
      expect(result.stderr).toMatch(/^shingle watch: /);
    }
    expect((await runCli(['watch'])).stderr).toBe('shingle watch: watch needs at least one folder\n');
    const help = await runCli(['watch', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: shingle watch/);
  });
});

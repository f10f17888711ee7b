import { spawnSync } from 'node:child_process';
import { mkdir, open, readFile, rm, rmdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanReport } from '../../../../shared/report.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { cliPath, runCli, startCli } from '../../../helpers/runCli.ts';

const body = 'The quarterly report shows steady growth in every region.\n'.repeat(40);

describe('shingle scan (CLI)', () => {
  let tree: TempTree;
  beforeAll(async () => {
    tree = await createTempTree({
      'Documents/report.txt': body,
      'Downloads/report (1).txt': body,
      'Downloads/report-copy.txt': body,
      'Documents/other.txt': body.replace('steady', 'sudden'),
      'Documents/empty.txt': '',
      'node_modules/pkg/report.txt': body,
    });
  });
  afterAll(() => tree.remove());

  it('--json prints exactly one JSON document with the exact cluster', async () => {
    const result = await runCli(['scan', tree.root, '--json', '--no-near']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as ScanReport;
    expect(report.version).toBe(1);
    expect(report.roots).toEqual([tree.root]);
    expect(report.stats.files).toBe(4);
    expect(report.stats.bytes).toBe(body.length * 4);
    expect(report.stats.ms).toBeGreaterThanOrEqual(0);
    expect(report.errors).toEqual([]);
    expect(report.clusters).toHaveLength(1);
    const [cluster] = report.clusters;
    expect(cluster).toMatchObject({ kind: 'exact', similarity: 1, reclaimable: body.length * 2 });
    expect(cluster!.id).toMatch(/^exact-/);
    expect(cluster!.files.map((f) => f.path).sort()).toEqual(
      [tree.path('Documents/report.txt'), tree.path('Downloads/report (1).txt'), tree.path('Downloads/report-copy.txt')].sort(),
    );
    for (const file of cluster!.files) {
      expect(file.size).toBe(body.length);
      expect(file.mtime).toBeGreaterThan(Date.parse('2020-01-01'));
    }
  });

  it('prints groups and one summary line for people', async () => {
    const result = await runCli(['scan', tree.root, '--no-near'], { cwd: tree.root });
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/reclaimable · 3 identical files/);
    expect(result.stdout).toContain(tree.path('Downloads/report-copy.txt'));
    expect(lines.at(-1)).toMatch(/^Scanned 4 files \(.+\) in .+: 1 group \(1 exact\), .+ reclaimable\.$/);
    expect(result.stderr).toBe('');
  });

  it('a rescan with the index reads no file contents; --no-index reads them again', async () => {
    const index = tree.path('../index-' + Date.now() + '.sqlite');
    const first = JSON.parse((await runCli(['scan', tree.root, '--json', '--index', index])).stdout) as ScanReport;
    expect(first.stats.filesRead).toBeGreaterThan(0);
    const again = JSON.parse((await runCli(['scan', tree.root, '--json', '--index', index])).stdout) as ScanReport;
    expect(again.stats.filesRead).toBe(0);
    expect(again.clusters).toEqual(first.clusters);
    const fresh = JSON.parse((await runCli(['scan', tree.root, '--json', '--no-index'])).stdout) as ScanReport;
    expect(fresh.stats.filesRead).toBe(first.stats.filesRead);
    await rm(index, { force: true });
    await rm(`${index}-wal`, { force: true });
    await rm(`${index}-shm`, { force: true });
  });

  it('refuses an index file that is not an index, leaving it untouched', async () => {
    const notAnIndex = await tree.write('notes.sqlite', 'my precious notes');
    const result = await runCli(['scan', tree.root, '--index', notAnIndex]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/--no-index/);
    expect(await readFile(notAnIndex, 'utf8')).toBe('my precious notes');
    await rm(notAnIndex);
  });

  it('exits 2 with a one-line message on bad usage', async () => {
    for (const args of [['scan'], ['scan', tree.root, '--bogus'], ['scan', tree.root, '--index'], ['scan', tree.root, '--threshold', '7'], ['scan', tree.path('missing')], ['frobnicate']]) {
      const result = await runCli(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
  });

  it('refuses in one line, as bad usage, a path argument holding bytes that are not UTF-8 (Node would pass it on changed)', async () => {
    const odd = Buffer.concat([Buffer.from(tree.path('caf')), Buffer.from([0xe9])]);
    await mkdir(odd);
    try {
      // Through the shell: a JavaScript string cannot hold the raw byte.
      const result = spawnSync('sh', ['-c', `exec "$0" "$1" scan "$(printf '%s\\351' "$2")"`, process.execPath, cliPath, tree.path('caf')], { encoding: 'utf8', env: { ...process.env, XDG_DATA_HOME: tree.path('data') } });
      expect(result.stderr).toBe(`shingle scan: ${tree.path('caf')}?: holds bytes that are not UTF-8, which Node cannot pass on (each ? here): name a folder above it, or rename it\n`);
      expect(result.status).toBe(2);
      expect(result.stdout).toBe('');
    } finally {
      await rmdir(odd);
    }
  });

  it('takes a name that really holds U+FFFD (valid UTF-8, as a broken unzip leaves) as it is', async () => {
    const odd = tree.path('Caf\uFFFD');
    await mkdir(odd);
    try {
      const result = await runCli(['scan', odd, '--no-index', '--json']);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
    } finally {
      await rmdir(odd);
    }
  });

  it('exits 130 on Ctrl-C after stopping its workers, printing nothing on stdout', async () => {
    // Two sparse 32 GB files of zeros: identical samples, so the full hash runs for many seconds.
    const big = await createTempTree();
    try {
      for (const name of ['a.img', 'b.img']) {
        const handle = await open(big.path(name), 'w');
        await handle.truncate(32 * 1024 ** 3);
        await handle.close();
      }
      const { child, done } = startCli(['scan', big.root, '--json', '--no-near']);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const sent = performance.now();
      child.kill('SIGINT');
      const result = await done;
      expect(result.code).toBe(130);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('cancelled');
      expect(performance.now() - sent).toBeLessThan(5000);
    } finally {
      await big.remove();
    }
  });
});

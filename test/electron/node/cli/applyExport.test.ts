// `shingle export`: a report's clusters as CSV rows and as JSON.
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cluster, ScanReport } from '../../../../shared/report.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { runCli } from '../../../helpers/runCli.ts';

const cluster: Cluster = {
  id: 'exact-1',
  kind: 'exact',
  similarity: 1,
  reclaimable: 5,
  files: [
    { path: '/data/a, "quoted".txt', size: 5, mtime: Date.UTC(2024, 0, 2), links: ['/data/a-link.txt'] },
    { path: '/data/b\udcff.txt', size: 5, mtime: Date.UTC(2024, 0, 3), format: 'text' },
  ],
};
const report: ScanReport = { version: 1, roots: ['/data'], stats: { files: 2, bytes: 10, ms: 1 }, clusters: [cluster], errors: [] };

describe('shingle export (CLI)', () => {
  let tree: TempTree;
  beforeAll(async () => {
    tree = await createTempTree();
    await writeFile(tree.path('report.json'), JSON.stringify(report));
  });
  afterAll(() => tree.remove());

  it('--csv writes one quoted row per file', async () => {
    const result = await runCli(['export', '--csv', tree.path('report.json')]);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\r\n')).toEqual([
      'cluster,kind,similarity,matches,path,size,modified,format,links',
      'exact-1,exact,1,,"/data/a, ""quoted"".txt",5,2024-01-02T00:00:00.000Z,,/data/a-link.txt',
      'exact-1,exact,1,,/data/b\\xFF.txt,5,2024-01-03T00:00:00.000Z,text,',
      '',
    ]);
  });

  it('--json writes the clusters, escaped bytes intact', async () => {
    const result = await runCli(['export', '--json', tree.path('report.json')]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([cluster]);
  });

  it('reads a report through a pipe, as from <(shingle scan --json …)', async () => {
    const fifo = tree.path('report.fifo');
    execFileSync('mkfifo', [fifo]);
    const exported = runCli(['export', '--json', fifo]);
    // Opening the pipe for writing waits for the command to open it for reading.
    await writeFile(fifo, JSON.stringify(report));
    const result = await exported;
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([cluster]);
  });

  it('refuses bad usage with exit 2', async () => {
    expect((await runCli(['export', tree.path('report.json')])).code).toBe(2);
    expect((await runCli(['export', '--csv', '--json', tree.path('report.json')])).code).toBe(2);
    expect((await runCli(['export', '--csv', tree.path('missing.json')])).code).toBe(2);
  });

  it('a report of another version is named as such, in one line, exit 2, for export and apply', async () => {
    const path = tree.path('version-2.json');
    await writeFile(path, JSON.stringify({ ...report, version: 2, clusters: 'read differently' }));
    for (const args of [['export', '--csv', path], ['apply', path, '--keep', 'newest', '--action', 'trash', '--dry-run']]) {
      const result = await runCli(args);
      expect(result.code, args[0]).toBe(2);
      expect(result.stderr).toBe(`shingle ${args[0]}: ${path}: report version 2; this Shingle reads 1\n`);
    }
  });
});

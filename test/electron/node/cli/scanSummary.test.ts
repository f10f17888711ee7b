// `shingle scan --summary`, on real files: the folders whose clean-up frees the most come first,
// before the clusters, with figures that agree with the report's clusters; --json refuses it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBytes } from '../../../../shared/format.ts';
import type { ScanReport } from '../../../../shared/report.ts';
import { prose } from '../../../helpers/documents.ts';
import { runCli } from '../../../helpers/runCli.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

describe('shingle scan --summary', () => {
  let tree: TempTree;
  let stdout: string;
  let report: ScanReport;
  beforeAll(async () => {
    tree = await createTempTree({
      'Documents/a.txt': prose(61),
      'Documents/b.txt': prose(62),
      'Backup/a.txt': prose(61),
      'Backup/b.txt': prose(62),
      'Downloads/b (1).txt': prose(62),
      'Downloads/only.txt': prose(63),
    });
    const scanned = await runCli(['scan', tree.root, '--no-index', '--no-near', '--summary']);
    expect(scanned.code, scanned.stderr).toBe(0);
    stdout = scanned.stdout;
    report = JSON.parse((await runCli(['scan', tree.root, '--no-index', '--no-near', '--json'])).stdout) as ScanReport;
  });
  afterAll(() => tree.remove());

  it('lists the folders by what removing their copies frees, before the clusters', () => {
    const size = (name: string) => report.clusters.flatMap((c) => c.files).find((f) => f.path === tree.path(name))!.size;
    const lines = stdout.split('\n');
    expect(lines[0]).toBe('Folders with the most reclaimable space (removing their copies, one of each group staying):');
    const total = report.clusters.reduce((sum, c) => sum + c.reclaimable, 0);
    const backup = size('Backup/a.txt') + size('Backup/b.txt');
    // The scanned folder holds every copy: it frees what the report says the clusters free.
    const expected = [
      [total, 3, 2, `${tree.root}/`],
      [backup, 2, 2, `${tree.path('Backup')}/`],
      [backup, 2, 2, `${tree.path('Documents')}/`],
      [size('Downloads/b (1).txt'), 1, 1, `${tree.path('Downloads')}/`],
    ] as const;
    expected.forEach(([bytes, files, groups, path], i) => {
      const filesText = files === 1 ? '1 file' : `${files} files`;
      const groupsText = groups === 1 ? '1 group' : `${groups} groups`;
      expect(lines[1 + 2 * i]).toBe(`  ${formatBytes(bytes)} reclaimable · ${filesText} in ${groupsText}: ${formatBytes(bytes)} byte copies`);
      expect(lines[2 + 2 * i]).toBe(`    ${path}`);
    });
    // Then a blank line and the usual report: the folder pair, the clusters, the summary line.
    expect(lines[1 + 2 * expected.length]).toBe('');
    expect(lines[2 + 2 * expected.length]).toMatch(/ in copies · folders 100% alike$/);
    expect(stdout).toMatch(/Scanned 6 files .*reclaimable\.\n$/);
  });

  it('is refused with --json, whose document holds every cluster', async () => {
    const both = await runCli(['scan', tree.root, '--no-index', '--json', '--summary']);
    expect(both.code).toBe(2);
    expect(both.stdout).toBe('');
    expect(both.stderr).toContain('--summary is for the text report');
  });
});

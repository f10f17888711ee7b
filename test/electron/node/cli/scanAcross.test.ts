import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanReport } from '../../../../shared/report.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { runCli } from '../../../helpers/runCli.ts';

const letter = 'Dear tenant, the rent for the flat is due on the first of each month.\n'.repeat(30);
const minutes = 'The committee met on Tuesday and agreed the budget for next year.\n'.repeat(30);

describe('shingle scan --across', () => {
  let tree: TempTree;
  beforeAll(async () => {
    tree = await createTempTree({
      'Work/letter.txt': letter,
      'Work/letter (copy).txt': letter,
      'Work/minutes.txt': minutes,
      'Archive/old/minutes.txt': minutes,
    });
  });
  afterAll(() => tree.remove());

  async function clusterPaths(extra: string[]): Promise<string[][]> {
    const result = await runCli(['scan', tree.path('Work'), tree.path('Archive'), '--json', '--no-near', '--no-index', ...extra]);
    expect(result.code).toBe(0);
    return (JSON.parse(result.stdout) as ScanReport).clusters.map((c) => c.files.map((f) => f.path).sort());
  }

  it('reports only the groups that span two of the given folders', async () => {
    expect(await clusterPaths([])).toHaveLength(2);
    expect(await clusterPaths(['--across'])).toEqual([[tree.path('Archive/old/minutes.txt'), tree.path('Work/minutes.txt')]]);
  });
});

// `shingle scan` hides what was dismissed as not duplicates (kept in the index it is given);
// --show-dismissed lists everything again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDismissalStore } from '../../../../electron/node/index/dismissalStore.ts';
import type { ScanReport } from '../../../../shared/report.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { runCli } from '../../../helpers/runCli.ts';

const letter = 'Dear tenant, the rent for the flat is due on the first of each month.\n'.repeat(30);
const minutes = 'The committee met on Tuesday and agreed the budget for next year.\n'.repeat(30);

describe('shingle scan and dismissals', () => {
  let tree: TempTree;
  beforeAll(async () => {
    tree = await createTempTree({
      'docs/letter.txt': letter,
      'docs/letter (copy).txt': letter,
      'docs/minutes.txt': minutes,
      'docs/minutes 2.txt': minutes,
      'docs/minutes 3.txt': minutes,
    });
  });
  afterAll(() => tree.remove());

  async function clusterPaths(extra: string[] = []): Promise<string[][]> {
    const result = await runCli(['scan', tree.path('docs'), '--json', '--no-near', '--index', tree.path('index.sqlite'), ...extra]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    return (JSON.parse(result.stdout) as ScanReport).clusters.map((c) => c.files.map((f) => f.path).sort()).sort();
  }

  it('hides a dismissed group and a dismissed file, unless --show-dismissed', async () => {
    const all = await clusterPaths();
    expect(all).toHaveLength(2);
    const [letters, minuteFiles] = all as [string[], string[]];
    const store = openDismissalStore(tree.path('index.sqlite'));
    store.dismiss({ paths: letters });
    store.dismiss({ paths: minuteFiles, file: tree.path('docs/minutes 3.txt') });
    store.close();

    expect(await clusterPaths()).toEqual([[tree.path('docs/minutes 2.txt'), tree.path('docs/minutes.txt')]]);
    expect(await clusterPaths(['--show-dismissed'])).toEqual(all);
  });
});

// Issue 25 item 7: two real files whose names differ only in Unicode normalization print apart in
// the dry run and in the scan's listing: each with a marker and its escaped form, so the kept and
// the removed one differ.
import { readdir } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../helpers/runCli.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { scanToReport } from './applyFixture.ts';

const body = 'Curriculum vitae, twelve pages of it.\n'.repeat(30);
const NFC = 'r\u00e9sum\u00e9.txt';
const NFD = 're\u0301sume\u0301.txt';

describe('names that look the same in the plan', () => {
  let tree: TempTree;
  beforeEach(async () => {
    tree = await createTempTree({ [`docs/${NFC}`]: body, [`docs/${NFD}`]: body });
  });
  afterEach(() => tree.remove());

  const marked = () => [`${tree.path(`docs/${NFC}`)} [look-alike name: ${tree.path('docs/r\\u00E9sum\\u00E9.txt')}]`, `${tree.path(`docs/${NFD}`)} [look-alike name: ${tree.path('docs/re\\u0301sume\\u0301.txt')}]`];

  it('the scan lists the two résumé.txt with a marker and their escaped forms', async () => {
    const result = await runCli(['scan', tree.path('docs'), '--no-index', '--no-near'], { env: { XDG_DATA_HOME: tree.path('xdg') } });
    expect(result.code, result.stderr).toBe(0);
    for (const line of marked()) expect(result.stdout).toContain(`    ${line}\n`);
  });

  it('the NFC and the NFD résumé.txt carry a marker and their escaped forms in the plan', async () => {
    expect((await readdir(tree.path('docs'))).sort()).toHaveLength(2);
    const report = await scanToReport(tree, tree.path('docs'));
    const result = await runCli(['apply', report, '--keep', 'shortest-path', '--action', 'trash', '--dry-run'], { env: { XDG_DATA_HOME: tree.path('xdg') } });
    expect(result.code, result.stderr).toBe(0);
    const [kept, removed] = marked();
    // The NFC name is the shorter text: it stays, the NFD one goes, and the two lines read apart.
    expect(result.stdout).toContain(`trash ${removed} (copy of ${kept})`);
    expect(result.stdout).toContain(`keep ${kept}`);
  });
});

// `shingle watch` leaves out what was dismissed in the index it uses, as `scan` does.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDismissalStore } from '../../../../electron/node/index/dismissalStore.ts';
import type { Cluster } from '../../../../shared/report.ts';
import { lineReader } from '../../../helpers/lineReader.ts';
import { startCli } from '../../../helpers/runCli.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

const letter = 'Dear tenant, the rent for the flat is due on the first of each month.\n'.repeat(30);
const minutes = 'The committee met on Tuesday and agreed the budget for next year.\n'.repeat(30);
/** Start-up of Node, the workers and the first scan, on a loaded machine. */
const READY_MS = 30_000;

let tree: TempTree;
beforeAll(async () => {
  tree = await createTempTree({ 'docs/letter.txt': letter, 'docs/letter copy.txt': letter, 'docs/minutes.txt': minutes, 'docs/minutes 2.txt': minutes });
});
afterAll(() => tree.remove());

it('shingle watch hides a dismissed group', async () => {
  const store = openDismissalStore(tree.path('index.sqlite'));
  store.dismiss({ paths: [tree.path('docs/letter.txt'), tree.path('docs/letter copy.txt')] });
  store.close();
  const { child, done } = startCli(['watch', tree.path('docs'), '--json', '--no-near', '--index', tree.path('index.sqlite')]);
  const stdout = lineReader(child.stdout!);
  await stdout.until((text) => (JSON.parse(text) as { event: string }).event === 'ready', READY_MS);
  const added = stdout.lines.map((l) => JSON.parse(l.text) as { event: string; cluster?: Cluster }).filter((e) => e.event === 'cluster-added');
  expect(added.map((e) => e.cluster!.files.map((f) => f.path).sort())).toEqual([[tree.path('docs/minutes 2.txt'), tree.path('docs/minutes.txt')]]);
  child.kill('SIGINT');
  expect((await done).code).toBe(130);
});

// A document with no words in it (a scanned image, a blank page) cannot be compared for near
// duplicates; the report says so rather than leaving it out in silence. Its bytes still count:
// two copies of it are an exact cluster.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runScan } from '../../../../electron/node/scan/scanService.ts';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { prose } from '../../../helpers/documents.ts';

let tree: TempTree;
beforeEach(async () => {
  tree = await createTempTree({ 'docs/notes.txt': prose(5), 'docs/blank.txt': ' \n\n — · — \n', 'docs/blank copy.txt': ' \n\n — · — \n', 'docs/rule.txt': '* * *\n' });
});
afterEach(() => tree.remove());

it('lists a document without text as not compared, and still finds its byte copies', async () => {
  const report = await runScan({ ...defaultScanOptions, roots: [tree.path('docs')] });
  // Byte copies are read once, under their first name, as for any extraction error; the exact
  // cluster names them all.
  expect(report.errors).toEqual(
    ['docs/blank copy.txt', 'docs/rule.txt'].map((name) => ({ path: tree.path(name), code: 'ENOTEXT', message: expect.stringMatching(/^Not compared with other documents: no text/) })),
  );
  expect(report.clusters.map((c) => [c.kind, c.files.map((f) => f.path).sort()])).toEqual([['exact', [tree.path('docs/blank copy.txt'), tree.path('docs/blank.txt')]]]);
});

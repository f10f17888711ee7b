// A file renamed to a name of another format is read otherwise (the format follows the name): the
// extraction cached under its old name must not follow it, while a rename within a format keeps it.
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ReportFile, ScanReport } from '../../../../shared/report.ts';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import type { ChunkUnit } from '../../../../shared/scanOptions.ts';
import { openFileIndex } from '../../../../electron/node/index/fileIndex.ts';
import { runScan } from '../../../../electron/node/scan/scanService.ts';
import { prose, renderHtml } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

let tree: TempTree;
beforeEach(async () => {
  tree = await createTempTree();
});
afterEach(() => tree.remove());

async function scan(unit: ChunkUnit, indexed: boolean): Promise<ScanReport> {
  const options = { ...defaultScanOptions, unit, roots: [tree.path('docs')] };
  if (!indexed) return runScan(options);
  const index = openFileIndex(join(tree.root, 'index', 'index.sqlite'));
  try {
    return await runScan(options, { cache: index });
  } finally {
    index.close();
  }
}

/** What the report says of the file: its format and words, and how it matches the other. */
function seen(report: ScanReport, path: string): Partial<ReportFile> | undefined {
  const file = report.clusters.flatMap((c) => c.files).find((f) => f.path === path);
  return file && { format: file.format, words: file.words, identical: file.identical, similarity: file.similarity };
}

/** HTML markup in a .txt, and the same bytes with one space made a line break (same text, other bytes). */
async function writeMarkupPair(): Promise<string> {
  const markup = renderHtml(prose(41));
  await tree.write('docs/other.txt', markup.replace(' ', '\n'));
  return tree.write('docs/page.txt', markup);
}

it('reads a file renamed to another format under its new name, in every setting the index knew', async () => {
  const page = await writeMarkupPair();
  const other = tree.path('docs/other.txt');
  // Two settings, so that the index holds two extractions of the file.
  for (const unit of ['words', 'sentences'] as const) {
    const first = await scan(unit, true);
    expect([seen(first, other), seen(first, page)]).toMatchObject([{ format: 'text' }, { format: 'text', identical: 'text' }]);
  }
  const renamed = tree.path('docs/page.html');
  await rename(page, renamed);
  for (const unit of ['words', 'sentences'] as const) {
    const fresh = seen(await scan(unit, false), renamed);
    expect(fresh?.format ?? 'html').toBe('html');
    // The index, opened again for each scan, holds the extraction of the other setting from before the rename.
    expect(seen(await scan(unit, true), renamed)).toEqual(fresh);
  }
});

it('keeps the extraction of a file renamed within its format', async () => {
  const page = await writeMarkupPair();
  await scan('words', true);
  const renamed = tree.path('docs/page.md');
  await rename(page, renamed);
  const report = await scan('words', true);
  expect(seen(report, renamed)).toMatchObject({ format: 'text', identical: 'text' });
  // Read once, whole, to prove its content unchanged; not extracted again.
  expect(report.stats.filesRead).toBe(1);
});

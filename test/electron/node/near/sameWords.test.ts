// An edit is not a copy: of two documents in one format with the same canonical words, only those
// that differ in spacing and line ends are the same text; other punctuation, case or digit
// grouping makes an edited version ('words'), removed only with edited versions included. The
// same text in another format stays the same text.
import { readdir } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cluster } from '../../../../shared/report.ts';
import { defaultScanOptions } from '../../../../shared/scanOptions.ts';
import { memberGroups } from '../../../../shared/selection/fileRelations.ts';
import { openFileIndex } from '../../../../electron/node/index/fileIndex.ts';
import { runScan } from '../../../../electron/node/scan/scanService.ts';
import { prose } from '../../../helpers/documents.ts';
import { runCli } from '../../../helpers/runCli.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

const body = prose(41, 3);
const priceList = (total: string, price: string, units: string) => `${body}\n\n${total} due: ${price} EUR per unit, for ${units} units.\n`;
const original = priceList('Total', '1.50', '1,000');
const FILES = {
  'prices.txt': original,
  'prices-comma.txt': priceList('Total', '1,50', '1,000'),
  'prices-upper.txt': priceList('TOTAL', '1.50', '1,000'),
  'prices-grouping.txt': priceList('Total', '1.50', '1.000'),
  // Other line ends, spacing and wrapping: the same text.
  'prices-crlf.txt': original.replace(/\n/g, '\r\n').replace(/\. /g, '.  \n '),
  'prices.html': `<html><body><p>${original.split('\n\n').join('</p>\n<p>')}</p></body></html>`,
};
// Another document: its edit in capitals is listed before the .txt it edits (same size, its name
// sorts first), and only the .html tells which of the two .txt has the text.
const letter = prose(42, 3);
const LETTER = { 'letter-CAPS.txt': letter.toUpperCase(), 'letter.txt': letter, 'letter.html': `<html><body><p>${letter.split('\n\n').join('</p>\n<p>')}</p></body></html>` };

describe('the same words with other punctuation, case or digits', () => {
  let tree: TempTree;
  let cluster: Cluster;
  const name = (path: string) => path.slice(tree.path('p/').length);
  beforeAll(async () => {
    tree = await createTempTree(Object.fromEntries(Object.entries(FILES).map(([file, text]) => [`p/${file}`, text])));
    for (const [file, text] of Object.entries(LETTER)) await tree.write(`letters/${file}`, text);
    const report = await runScan({ ...defaultScanOptions, roots: [tree.path('p')] });
    expect(report.clusters).toHaveLength(1);
    cluster = report.clusters[0]!;
  });
  afterAll(() => tree.remove());

  it('groups the same text across formats and spacing, and puts each edit in a text of its own', () => {
    expect(cluster.files.map((f) => name(f.path)).sort()).toEqual(Object.keys(FILES).sort());
    const { text, words } = memberGroups(cluster);
    const textOf = (file: string) => text[cluster.files.findIndex((f) => name(f.path) === file)];
    expect(new Set(['prices.txt', 'prices-crlf.txt', 'prices.html'].map(textOf)).size).toBe(1);
    const edits = ['prices-comma.txt', 'prices-upper.txt', 'prices-grouping.txt'];
    expect(new Set([textOf('prices.txt'), ...edits.map(textOf)]).size).toBe(4);
    // Still the same words, all of them: one word group, and the measure is honest at 1.
    expect(new Set(words).size).toBe(1);
    for (const file of cluster.files.filter((f) => edits.includes(name(f.path)))) expect([file.identical, file.similarity]).toEqual(['words', 1]);
  });

  it('takes the text in another format for the one a same-format file shares, whichever is listed first', async () => {
    const report = await runScan({ ...defaultScanOptions, roots: [tree.path('letters')] });
    expect(report.clusters).toHaveLength(1);
    const identical = Object.fromEntries(report.clusters[0]!.files.map((f) => [f.path.slice(tree.path('letters/').length), f.identical ?? 'first']));
    expect(identical['letter-CAPS.txt']).toBe('words');
    expect([identical['letter.txt'], identical['letter.html']].sort()).toEqual(['first', 'text']);
  });

  it('reads again the documents an index holds without a layout hash (written before it was kept), and tells the edits apart', async () => {
    const indexPath = tree.path('index/index.sqlite');
    const scanWithIndex = async () => {
      const index = openFileIndex(indexPath);
      try {
        return await runScan({ ...defaultScanOptions, roots: [tree.path('p')] }, { cache: index });
      } finally {
        index.close();
      }
    };
    await scanWithIndex();
    // As an index from before: no layout hashes, and no analysis kept to take instead of scanning.
    const db = new DatabaseSync(indexPath);
    db.exec('UPDATE extractions SET layout_hash = NULL; DELETE FROM memos;');
    db.close();
    const again = await scanWithIndex();
    expect(again.stats.filesRead).toBeGreaterThanOrEqual(Object.keys(FILES).length);
    const identical = Object.fromEntries(again.clusters[0]!.files.map((f) => [name(f.path), f.identical]));
    for (const edit of ['prices-comma.txt', 'prices-upper.txt', 'prices-grouping.txt']) expect(identical[edit], edit).toBe('words');
    const reopened = new DatabaseSync(indexPath);
    const missing = reopened.prepare('SELECT count(*) AS n FROM extractions WHERE format IS NOT NULL AND layout_hash IS NULL').get() as { n: number };
    reopened.close();
    expect(missing.n).toBe(0);
  });

  it('removes an edit only with edited versions included, and says what it is in the plan', async () => {
    const report = await tree.write('report.json', JSON.stringify({ version: 1, roots: [tree.path('p')], stats: { files: 6, bytes: 0, ms: 0 }, clusters: [cluster], errors: [] }));
    const journal = tree.path('state/journal.sqlite');
    const dry = await runCli(['apply', report, '--keep', 'format:text', '--keep', 'shortest-path', '--action', 'trash', '--dry-run', '--journal', journal]);
    expect(dry.stderr).toBe('');
    expect(dry.stdout).toContain(`  trash ${tree.path('p/prices-crlf.txt')} (same text as ${tree.path('p/prices.txt')})`);
    expect(dry.stdout).toContain(`  trash ${tree.path('p/prices.html')} (same text as ${tree.path('p/prices.txt')})`);
    for (const edit of ['prices-comma.txt', 'prices-upper.txt', 'prices-grouping.txt']) {
      expect(dry.stdout).toContain(`  keep ${tree.path(`p/${edit}`)}: the same words with other punctuation or case: an edit, not a copy; removed only with near included`);
    }
    const options = ['apply', report, '--keep', 'format:text', '--keep', 'shortest-path', '--action', 'trash', '--include', 'near', '--journal', journal];
    const planned = await runCli([...options, '--dry-run']);
    expect(planned.stdout).toContain(`  trash ${tree.path('p/prices-upper.txt')} (same words as ${tree.path('p/prices.txt')}, other punctuation or case: an edit)`);
    // Carried out, each edit checked again on disk to have exactly the kept file's words.
    const included = await runCli(options, { env: { XDG_DATA_HOME: tree.path('data') } });
    expect(included.stderr).toBe('');
    expect(included.code).toBe(0);
    expect(await readdir(tree.path('p'))).toEqual(['prices.txt']);
  });
});

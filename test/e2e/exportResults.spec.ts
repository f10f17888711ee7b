// Export from the app (every cluster with the person's marks, as CSV and as JSON), and opening
// a report saved by `shingle scan --json`.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import type { ScanReport } from '../../shared/report.ts';
import { expect, test } from './engineFixture.ts';
import { clusterList, reviewAfterScan, scanUserFolder } from './helpers.ts';

const shingleCli = fileURLToPath(new URL('../../electron/node/cli/shingle.ts', import.meta.url));

async function exported(page: Page, format: 'CSV' | 'JSON'): Promise<{ name: string; text: string }> {
  const started = page.waitForEvent('download');
  await page.getByRole('group', { name: 'Export every cluster with its marks' }).getByRole('button', { name: format }).click();
  const download = await started;
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, 'utf8') };
}

test('the results export as CSV and JSON, marks included, whatever the list shows', async ({ shingle }) => {
  const { page, tree } = shingle;
  await scanUserFolder(shingle);
  // Mark the copy of the photo for deletion, then show only near clusters: the export has both.
  await page.getByRole('group', { name: 'Mark holiday (copy).jpg' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('group', { name: 'Kinds' }).getByRole('button', { name: /^Near/ }).click();
  await expect(clusterList(page).getByRole('option')).toHaveCount(1);

  const csv = await exported(page, 'CSV');
  expect(csv.name).toBe('shingle-results.csv');
  const rows = csv.text.trim().split('\r\n');
  expect(rows[0]).toBe('cluster,kind,similarity,matches,path,size,modified,format,links,mark');
  expect(rows).toHaveLength(1 + 2 + 4);
  expect(rows.find((row) => row.includes(tree.path('Backup/holiday (copy).jpg')))).toMatch(/,delete$/);
  expect(rows.filter((row) => row.endsWith(',delete'))).toHaveLength(1);

  const json = await exported(page, 'JSON');
  expect(json.name).toBe('shingle-results.json');
  const clusters = JSON.parse(json.text) as { kind: string; files: { path: string; mark?: string }[] }[];
  expect(clusters.map((c) => c.kind).sort()).toEqual(['exact', 'near']);
  const marked = clusters.flatMap((c) => c.files).filter((f) => f.mark);
  expect(marked).toEqual([expect.objectContaining({ path: tree.path('Backup/holiday (copy).jpg'), mark: 'delete' })]);
});

test('a report saved by shingle scan --json opens as the current results; a broken file says so', async ({ shingle }) => {
  const { page, tree, host } = shingle;
  // A real report of the Reports and Photos folders, saved by the CLI.
  // (Run directly rather than with test/helpers/runCli.ts, whose data folder outlives a Playwright worker.)
  const { stdout } = await promisify(execFile)(process.execPath, [shingleCli, 'scan', tree.path('Reports'), tree.path('Photos'), tree.path('Backup'), '--json', '--no-index'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const saved = await tree.write('Saved/report.json', stdout);
  const report = JSON.parse(stdout) as ScanReport;
  expect(report.clusters.length).toBeGreaterThan(0);
  const openSaved = () => page.getByRole('button', { name: 'Open a saved report…' }).click();

  await shingle.open();
  // The host's picker chooses the file (here: the test playing main); the page only asks.
  host.nextReport = saved;
  await openSaved();
  await reviewAfterScan(page);
  const list = clusterList(page);
  await expect(list.getByRole('option')).toHaveCount(report.clusters.length);
  await expect(list.getByRole('option').filter({ hasText: 'Exact' })).toContainText('holiday');
  expect((await shingle.service.listClusters({ offset: 0, limit: 10, sort: 'reclaimable' })).clusters.map((c) => c.id)).toEqual(report.clusters.map((c) => c.id));

  // A file that is not a report changes nothing and says why, in one line naming it.
  await page.getByRole('button', { name: 'Folders & options' }).click();
  host.nextReport = await tree.write('Saved/notes.json', '{"version": 1, "clusters": "none"}');
  await openSaved();
  await expect(page.getByRole('alert')).toContainText(/The report could not be opened: .*notes\.json: not a version 1 shingle scan --json report/);
  host.nextReport = await tree.write('Saved/notes.txt', 'not json');
  await openSaved();
  await expect(page.getByRole('alert')).toContainText(/notes\.txt: cannot read the report/);
  // A cancelled picker says nothing more and keeps the results.
  host.nextReport = null;
  const picks = host.reportPicks;
  await openSaved();
  await expect.poll(() => host.reportPicks).toBe(picks + 1);
  await expect(page.getByRole('alert')).toHaveCount(1);
  await expect(page.getByRole('alert')).toContainText(/notes\.txt: cannot read the report/);
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Review' }).click();
  await expect(list.getByRole('option')).toHaveCount(report.clusters.length);
  expect((await shingle.service.listClusters({ offset: 0, limit: 10, sort: 'reclaimable' })).total).toBe(report.clusters.length);
});

test('the page cannot hand the engine a report or a path of its own', async ({ shingle }) => {
  const { page, tree, host } = shingle;
  await shingle.open();
  host.nextReport = null;
  const forged: ScanReport = { version: 1, roots: [tree.root], stats: { files: 0, bytes: 0, ms: 0 }, errors: [], clusters: [] } as unknown as ScanReport;
  // What a compromised page could send over its transport: refused by the engine's contract check.
  for (const payload of [{ report: forged }, { path: tree.path('Reports/annual-report.txt') }]) {
    const refusal = await page.evaluate(
      (p) => (window as unknown as { __shingleTest: { invoke(name: string, payload: unknown): Promise<unknown> } }).__shingleTest.invoke('openReport', p).then(() => 'opened', (e: Error) => e.message),
      payload,
    );
    expect(refusal).toMatch(/^openReport: invalid request/);
  }
});

// Export from the app: every cluster with the person's marks, as CSV and as JSON.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './engineFixture.ts';
import { clusterList, scanUserFolder } from './helpers.ts';

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
  expect(rows[0]).toBe('cluster,kind,similarity,path,size,modified,format,links,mark');
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

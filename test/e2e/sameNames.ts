// Copies with the same names in different folders, as a home folder holds them: three
// Apache-2.0.txt (Documents, Backup, Downloads); a licence in six places and forms (the original,
// its HTML, a byte copy, an edited version with its backup copy, a draft edited further); and a
// long name cut in the list.
import { editEveryNthWord, prose, renderHtml } from '../helpers/documents.ts';
import { expect } from './engineFixture.ts';
import type { ShingleApp } from './engineFixture.ts';
import { clusterList, reviewAfterScan } from './helpers.ts';

export const APACHE = 'Apache-2.0.txt';
export const APACHE_FOLDERS = ['Documents', 'Backup', 'Downloads'] as const;
export const LONG_NAME = 'libgnutls28-dev-copyright-notice-for-debian-packages.txt';

const GFDL = prose(4100, 8);

/** The six members of the licence's cluster, by path under the user's folder. */
export const GFDL_FILES = {
  original: 'Documents/GFDL.txt',
  html: 'Downloads/GFDL.html',
  copy: 'Downloads/GFDL (1).txt',
  edited: 'Documents/Licenses/GFDL-1.2.txt',
  editedBackup: 'Backup/Documents-2023/Licenses/GFDL-1.2.txt',
  draft: 'Documents/Drafts/GFDL-draft.txt',
} as const;

export async function writeSameNames(shingle: ShingleApp): Promise<void> {
  const { tree } = shingle;
  const apache = prose(4000, 5);
  for (const folder of APACHE_FOLDERS) await tree.write(`${folder}/${APACHE}`, apache);
  const edited = editEveryNthWord(GFDL, 30, 'revised');
  await tree.write(GFDL_FILES.original, GFDL);
  await tree.write(GFDL_FILES.html, renderHtml(GFDL, 'GFDL'));
  await tree.write(GFDL_FILES.copy, GFDL);
  await tree.write(GFDL_FILES.edited, edited);
  await tree.write(GFDL_FILES.editedBackup, edited);
  await tree.write(GFDL_FILES.draft, editEveryNthWord(GFDL, 12, 'draft'));
  const notice = prose(4200, 3);
  await tree.write(`Documents/Legal/${LONG_NAME}`, notice);
  await tree.write(`Backup/Legal/${LONG_NAME}`, notice);
}

/** Scans the user's folder with the same names written in; waits for the list (5 clusters). */
export async function scanSameNames(shingle: ShingleApp): Promise<void> {
  const { page } = shingle;
  await writeSameNames(shingle);
  await shingle.open();
  await page.getByRole('button', { name: 'Add folders…' }).click();
  await expect(page.getByRole('list', { name: 'Folders to scan' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Start scan' }).click();
  await reviewAfterScan(page);
  await expect(clusterList(page).getByRole('option')).toHaveCount(5);
}

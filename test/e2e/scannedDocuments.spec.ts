// A letter as .txt, .docx and .html plus a scanned copy of it (an image-only PDF), scanned with
// "Read scanned documents" on: one cluster of four, the scan labelled as a scan in the member table
// and in its column, never the same text as the others. Screenshots at 1440 and 1024 px when asked
// (SHINGLE_SHOTS=/tmp/shots-ocr).
import { prose, renderHtml } from '../helpers/documents.ts';
import { GERMAN_LETTER } from '../helpers/germanLetter.ts';
import { renderDocx } from '../helpers/officeDocuments.ts';
import { scannedPdf, wrapLines } from '../helpers/scanDocuments.ts';
import { expect, test } from './engineFixture.ts';
import { clusterList, reviewAfterScan, shoot, textsLoaded } from './helpers.ts';

const LETTER = prose(81, 3, 5);

test('a scanned copy read with OCR joins its letter, labelled as a scan', async ({ shingle }) => {
  const { page, tree } = shingle;
  await tree.write('Letters/offer.txt', LETTER);
  await tree.write('Letters/offer.docx', renderDocx(LETTER));
  await tree.write('Letters/offer.html', renderHtml(LETTER, 'Offer'));
  await tree.write('Letters/offer scanned.pdf', await scannedPdf([wrapLines(LETTER)]));
  await shingle.open();
  await page.getByRole('button', { name: 'Add folders…' }).click();
  await page.getByRole('checkbox', { name: /Read scanned documents/ }).check();
  await shoot(page, 'scan-setup');
  await page.getByRole('button', { name: 'Start scan' }).click();
  // OCR reads the page in the engine's workers: waited for, not timed.
  await reviewAfterScan(page, 120_000);

  await clusterList(page).getByRole('option').filter({ hasText: 'offer' }).click();
  await expect(page.getByRole('heading', { name: 'Similar documents · 4 files' })).toBeVisible();
  // Not one text: the scan is another reading of the letter, measured, never "identical text".
  await expect(clusterList(page).getByRole('option').filter({ hasText: 'offer' })).not.toContainText('identical text');
  await textsLoaded(page);
  const column = page.getByRole('article', { name: 'offer scanned.pdf', exact: true });
  await expect(column.locator('.file-card-title .tag')).toHaveText('scan');
  await expect(page.locator('.file-card-title .tag', { hasText: 'scan' })).toHaveCount(1);
  await expect(column.locator('.file-compare')).not.toContainText(/Same|100%/);
  await expect(page.locator('.comparison-toolbar')).not.toContainText('Same words');
  // The column shows what OCR read of the page.
  await expect(page.getByRole('region', { name: 'Text of offer scanned.pdf' })).toContainText(LETTER.split(' ').slice(0, 6).join(' '));
  await shoot(page, 'scan-cluster');

  await page.getByRole('button', { name: 'All 4 files' }).click();
  const members = page.getByRole('table', { name: 'Files of this cluster' });
  const scanRow = members.getByRole('row', { name: 'offer scanned.pdf' });
  await expect(scanRow.locator('.cell-format .tag')).toHaveText('scan');
  await expect(members.locator('.tag', { hasText: 'scan' })).toHaveCount(1);
  // The .docx and .html are the same text as the .txt; the scan is not.
  await expect(members.locator('.cell-same', { hasText: 'Same text as' })).toHaveCount(2);
  await expect(scanRow.locator('.cell-same')).toHaveText('');
  await shoot(page, 'scan-members');
});

test('without the option a scan is not compared, and the results say how to read it', async ({ shingle }) => {
  const { page, tree } = shingle;
  await tree.write('Letters/offer.txt', LETTER);
  await tree.write('Letters/offer scanned.pdf', await scannedPdf([wrapLines(LETTER)]));
  await shingle.open();
  await page.getByRole('button', { name: 'Add folders…' }).click();
  await page.getByRole('button', { name: 'Start scan' }).click();
  await reviewAfterScan(page);
  await expect(clusterList(page).getByRole('option').filter({ hasText: 'offer' })).toHaveCount(0);
  const notRead = page.getByRole('button', { name: /not read or compared/ });
  await expect(notRead).toHaveText('1 file not read or compared · 1 scan');
  await expect(notRead).toHaveAttribute('title', /Read scanned documents/);
  await shoot(page, 'scan-not-read');
  await notRead.click();
  await expect(page.getByRole('dialog', { name: 'Files not read or compared' })).toContainText('Read scanned documents');
});

test('the languages chosen for scans reach the engine: a German scan read with German data', async ({ shingle }) => {
  // OCR reads the page twice (the scan, then the text shown), each waited for, not timed.
  test.slow();
  const { page, tree } = shingle;
  await tree.write('Briefe/Brief.txt', GERMAN_LETTER.join('\n'));
  await tree.write('Briefe/Brief Scan.pdf', await scannedPdf([GERMAN_LETTER]));
  await shingle.open();
  await page.getByRole('button', { name: 'Add folders…' }).click();
  const languages = page.getByRole('group', { name: 'Languages of the scans' });
  // Offered once scans are read; English by default, and at least one language always.
  await expect(languages).toHaveCount(0);
  await page.getByRole('checkbox', { name: /Read scanned documents/ }).check();
  const english = languages.getByRole('checkbox', { name: 'English' });
  await expect(english).toBeChecked();
  await expect(english).toBeDisabled();
  await languages.getByRole('checkbox', { name: 'German' }).check();
  await english.uncheck();
  await expect(languages.getByRole('checkbox', { name: 'German' })).toBeDisabled();
  await expect(languages.getByRole('checkbox', { checked: true })).toHaveCount(1);
  await shoot(page, 'scan-languages');
  await page.getByRole('button', { name: 'Start scan' }).click();
  await reviewAfterScan(page, 120_000);

  await clusterList(page).getByRole('option').filter({ hasText: 'Brief' }).click();
  // English data has no umlauts: "Größe der Übersicht" is what German data reads.
  await expect(page.getByRole('region', { name: 'Text of Brief Scan.pdf' })).toContainText('Größe der Übersicht', { timeout: 120_000 });
});

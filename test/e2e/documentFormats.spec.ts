// Word, RTF, EPUB, mail, old Word and slide copies of a letter in the app: after a real scan they
// are one near cluster with the .txt, each file shows its format, and the comparison shows each
// file's extracted text; a table's .csv, .xlsx and .ods are another; the format filter lists
// every format. Screenshots at 1440 and 1024 px when asked (SHINGLE_SHOTS=/tmp/shots-formats).
import { prose } from '../helpers/documents.ts';
import { renderEml } from '../helpers/mailDocuments.ts';
import { OUTSIDE_WORDS, renderDocx, renderEpub, renderRtf } from '../helpers/officeDocuments.ts';
import { renderCsv, renderOds, renderXlsx, sentenceTable } from '../helpers/sheetDocuments.ts';
import { renderOdp, renderPptx } from '../helpers/slideDocuments.ts';
import { renderDoc } from '../helpers/wordBinary.ts';
import { expect, test } from './engineFixture.ts';
import { clusterList, reviewAfterScan, shoot, textsLoaded } from './helpers.ts';

const LETTER = prose(77, 3, 5);

test('office and e-book copies are compared as text, each with its format', async ({ shingle }) => {
  const { page, tree } = shingle;
  await tree.write('Letters/offer.txt', LETTER);
  await tree.write('Letters/offer.docx', renderDocx(LETTER));
  await tree.write('Letters/offer.rtf', renderRtf(LETTER));
  await tree.write('Letters/offer.epub', renderEpub(LETTER));
  await shingle.open();
  await page.getByRole('button', { name: 'Add folders…' }).click();
  await page.getByRole('button', { name: 'Start scan' }).click();
  await reviewAfterScan(page);

  await clusterList(page).getByRole('option').filter({ hasText: 'offer' }).click();
  await expect(page.getByRole('heading', { name: 'Similar documents · 4 files' })).toBeVisible();
  await textsLoaded(page);
  const firstSentence = LETTER.split('. ')[0]!;
  for (const [name, label] of [['offer.docx', 'Word'], ['offer.rtf', 'RTF'], ['offer.epub', 'EPUB'], ['offer.txt', 'Text']]) {
    const column = page.getByRole('article', { name, exact: true });
    await expect(column.locator('.format-tag')).toHaveText(label!);
    const text = page.getByRole('region', { name: `Text of ${name}` });
    await expect(text).toContainText(firstSentence);
    for (const word of OUTSIDE_WORDS) await expect(text).not.toContainText(word);
  }
});

test('a mail, an old Word file and slides join their text, a workbook its .csv, and the format filter knows each format', async ({ shingle }) => {
  const { page, tree } = shingle;
  const letter = prose(78, 4, 5);
  await tree.write('Mail/offer.txt', letter);
  await tree.write('Mail/offer.eml', renderEml(letter));
  await tree.write('Mail/offer.doc', renderDoc(letter));
  await tree.write('Mail/offer.pptx', renderPptx(letter));
  await tree.write('Mail/offer.odp', renderOdp(letter));
  const table = sentenceTable(prose(79, 2, 5));
  await tree.write('Sums/figures.csv', renderCsv(table));
  await tree.write('Sums/figures.xlsx', renderXlsx(table));
  await tree.write('Sums/figures.ods', renderOds(table));
  await shingle.open();
  await page.getByRole('button', { name: 'Add folders…' }).click();
  await page.getByRole('button', { name: 'Start scan' }).click();
  await reviewAfterScan(page);
  // The user folder's own two clusters, the letter's and the table's.
  await expect(clusterList(page).getByRole('option')).toHaveCount(4);

  const formats = page.getByRole('group', { name: 'Formats' });
  const chip = (label: string) => formats.getByRole('button', { name: label, exact: true });
  for (const label of ['Word 97–2003', 'PowerPoint', 'OpenDocument slides', 'Excel', 'OpenDocument sheet', 'E-mail']) await expect(chip(label)).toBeVisible();
  // Only the formats the results hold are offered: there is no e-book here.
  await expect(chip('EPUB')).toHaveCount(0);
  await shoot(page, 'format-filter');

  // Only the workbook's cluster holds an Excel file: its .csv, .xlsx and .ods are one text.
  await chip('Excel').click();
  await expect(clusterList(page).getByRole('option')).toHaveCount(1);
  await clusterList(page).getByRole('option').filter({ hasText: 'figures' }).click();
  await textsLoaded(page);
  for (const [name, label] of [['figures.csv', 'Text'], ['figures.xlsx', 'Excel'], ['figures.ods', 'OpenDocument sheet']]) {
    await expect(page.getByRole('article', { name, exact: true }).locator('.format-tag')).toHaveText(label!);
    await expect(page.getByRole('region', { name: `Text of ${name}` })).toContainText(table[1]![2]!);
  }

  await chip('E-mail').click();
  await expect(clusterList(page).getByRole('option')).toHaveCount(1);
  await clusterList(page).getByRole('option').filter({ hasText: 'offer' }).click();
  // Five files: the member table names each format; four of them are read side by side.
  const members = page.getByRole('table', { name: 'Files of this cluster' });
  for (const [name, short] of [['offer.eml', 'E-mail'], ['offer.doc', 'DOC'], ['offer.pptx', 'PPTX'], ['offer.odp', 'ODP'], ['offer.txt', 'Text']]) {
    await expect(members.getByRole('row', { name }).locator('.cell-format')).toHaveText(short!);
  }
  // Every file but the first is the same text as another.
  await expect(members.locator('.cell-same', { hasText: 'Same text as' })).toHaveCount(4);
  await shoot(page, 'mail-members');
  for (const name of ['offer.eml', 'offer.doc', 'offer.pptx', 'offer.odp']) await members.getByRole('checkbox', { name: `Compare ${name}` }).check();
  await page.getByRole('button', { name: 'Compare the ticked files' }).click();
  await textsLoaded(page);
  const firstSentence = letter.split('. ')[0]!;
  for (const [name, label] of [['offer.eml', 'E-mail'], ['offer.doc', 'Word 97–2003'], ['offer.pptx', 'PowerPoint'], ['offer.odp', 'OpenDocument slides']]) {
    await expect(page.getByRole('article', { name, exact: true }).locator('.format-tag')).toHaveText(label!);
    const text = page.getByRole('region', { name: `Text of ${name}` });
    await expect(text).toContainText(firstSentence);
    for (const word of OUTSIDE_WORDS) await expect(text).not.toContainText(word);
  }
  await shoot(page, 'mail-cluster');
});

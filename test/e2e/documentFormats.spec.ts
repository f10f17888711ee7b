// Word, RTF and EPUB copies of a letter in the app: after a real scan they are one near cluster
// with the .txt, each file shows its format, and the comparison shows each file's extracted text.
import { prose } from '../helpers/documents.ts';
import { OUTSIDE_WORDS, renderDocx, renderEpub, renderRtf } from '../helpers/officeDocuments.ts';
import { expect, test } from './engineFixture.ts';
import { clusterList, reviewAfterScan, textsLoaded } from './helpers.ts';

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

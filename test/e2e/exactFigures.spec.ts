// Figures where the texts are at hand, against the real engine: the list shows a near cluster's
// figure with "≈" while it is the scan's sketch estimate; opening the cluster has the engine
// measure it on the two texts, and the list, the cluster's head and the member table then show
// the exact resemblance, floored.
import { formatPercent } from '../../shared/format.ts';
import { jaccard } from '../../shared/fingerprint/jaccard.ts';
import { chunkSet } from '../../shared/fingerprint/shingles.ts';
import { farAboveVersions, seededRandom, vocabulary } from '../shared/textFixtures.ts';
import { expect, test } from './engineFixture.ts';
import { clusterList, reviewAfterScan, shoot } from './helpers.ts';

const random = seededRandom(2311);
const vocab = vocabulary(random);
const [letter, letterEdited] = farAboveVersions(random, vocab, 'l');
const [memo, memoEdited] = farAboveVersions(random, vocab, 'm');
/** The figure as the app shows it: floored, never 100 % for another text. */
const shown = (a: string, b: string) => `${formatPercent(Math.min(0.999, jaccard(chunkSet(a, 'words'), chunkSet(b, 'words'))))} similar`;

test('an estimated figure says so in the list, and opening its cluster shows the exact one', async ({ shingle }) => {
  const { page, tree } = shingle;
  await tree.write('Letters/letter.txt', letter);
  await tree.write('Letters/letter-edited.txt', letterEdited);
  await tree.write('Memos/memo.txt', memo);
  await tree.write('Memos/memo-edited.txt', memoEdited);
  await shingle.open();
  await page.getByRole('button', { name: 'Add folders…' }).click();
  await page.getByRole('button', { name: 'Start scan' }).click();
  await reviewAfterScan(page, 60_000);
  // The fixture's two clusters and these two.
  await expect(clusterList(page).getByRole('option')).toHaveCount(4, { timeout: 60_000 });
  const row = (name: string) => clusterList(page).getByRole('option').filter({ hasText: name }).locator('.row-files');
  // The memo's cluster is not open: its figure is the estimate, said so.
  await expect(row('memo')).toHaveText(/^2 files · ≈\d+% similar$/);
  await shoot(page, 'estimated-row');

  await clusterList(page).getByRole('option').filter({ hasText: 'memo' }).click();
  const exact = shown(memo, memoEdited);
  await expect(row('memo')).toHaveText(`2 files · ${exact}`);
  await expect(page.locator('.cluster-head')).toContainText(exact);
  await shoot(page, 'measured-cluster');
});

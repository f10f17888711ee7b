// Duplicate folders in the app: after a real scan of the user's folder, the photo folder and its
// backup are shown side by side as copies of each other.
import { expect, saveScreenshot, test } from './engineFixture.ts';
import { scanUserFolder } from './helpers.ts';

test('the duplicate folders screen shows the backup beside the folder it copies', async ({ shingle }, testInfo) => {
  const { page } = shingle;
  await scanUserFolder(shingle);
  await page.getByRole('button', { name: 'Duplicate folders' }).click();

  const pair = page.getByRole('region', { name: `${shingle.tree.path('Photos')} and ${shingle.tree.path('Backup')}` });
  await expect(pair).toBeVisible();
  await expect(pair.getByRole('heading', { level: 2 })).toHaveText(/^100% alike · .+ in copies$/);
  await expect(pair.getByRole('article')).toHaveCount(2);
  // Equal in size, so the first folder is the first by name; the second's copies are what could go.
  await expect(pair.getByRole('article').first()).toHaveAccessibleName(shingle.tree.path('Backup'));
  await expect(pair.getByRole('article', { name: shingle.tree.path('Photos') })).toContainText('1 file with a copy in the other folder');
  await expect(pair.getByText('Every file here has a copy in the other folder.')).toHaveCount(2);
  // The report's folders and the notes share nothing: they are not listed.
  await expect(page.getByRole('region')).toHaveCount(1);
  await saveScreenshot(page, testInfo, 'duplicate-folders');
});

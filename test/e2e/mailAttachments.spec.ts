// A mail with an attachment joins the .txt of its body as the same text, but the clean-up never
// trashes it for that .txt: the preview shows it refused, naming the attachment, and after the run
// it is still there. Screenshots at 1440 and 1024 px when asked (SHINGLE_SHOTS=/tmp/shots-mail).
import { prose } from '../helpers/documents.ts';
import { exists } from '../helpers/exists.ts';
import { renderEml } from '../helpers/mailDocuments.ts';
import { expect, test } from './engineFixture.ts';
import { openCleanup, planRows, useTemporaryTrash } from './cleanupSteps.ts';
import { clusterList, reviewAfterScan, shoot } from './helpers.ts';

useTemporaryTrash();

test('a mail whose attachment the staying .txt lacks is refused in the preview and kept by the run', async ({ shingle }) => {
  const { page, tree } = shingle;
  const letter = prose(81, 4, 5);
  await tree.write('Mail/garden.txt', letter);
  await tree.write('Mail/garden.eml', renderEml(letter, { attachment: Buffer.from('a photograph of the garden '.repeat(300)) }));
  await shingle.open();
  await page.getByRole('button', { name: 'Add folders…' }).click();
  await page.getByRole('button', { name: 'Start scan' }).click();
  await reviewAfterScan(page);
  await clusterList(page).getByRole('option').filter({ hasText: 'garden' }).click();
  await page.getByRole('group', { name: 'Mark garden.txt' }).getByRole('button', { name: 'Keep' }).click();
  await page.getByRole('group', { name: 'Mark garden.eml' }).getByRole('button', { name: 'Delete' }).click();

  const dialog = await openCleanup(page);
  await dialog.getByLabel('The selected cluster only').check();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const rows = await planRows(dialog);
  expect(rows).toEqual([
    { decision: 'keep', path: tree.path('Mail/garden.txt') },
    { decision: 'refused', path: tree.path('Mail/garden.eml') },
  ]);
  const refused = dialog.locator(`[data-path="${tree.path('Mail/garden.eml')}"]`);
  await expect(refused).toContainText('an e-mail with 1 attachment');
  await expect(refused.locator('.plan-path')).toHaveAttribute('title', /does not hold: only its text was compared/);
  await shoot(page, 'mail-refused');
  expect(await exists(tree.path('Mail/garden.eml'))).toBe(true);
});

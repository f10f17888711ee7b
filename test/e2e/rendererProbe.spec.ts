// The renderer probe (issue 11, item 9): a page that calls the contract directly, as a
// compromised renderer would, can neither add a folder nobody picked or dropped nor delete files
// permanently by saying it confirmed. The calls go through the page's own transport to the engine
// host process, like every call of the app.
import { stat } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './engineFixture.ts';
import { scanUserFolder } from './helpers.ts';

/** Calls a command from inside the page; resolves with its answer or its error message. */
async function callFromPage(page: Page, name: string, payload: unknown): Promise<{ ok: unknown } | { error: string }> {
  return page.evaluate(
    ([n, p]) =>
      window.__shingleTest!.invoke(n, p).then(
        (ok) => ({ ok }),
        (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
      ),
    [name, payload] as const,
  );
}

test('the page cannot add an unpicked folder or confirm a permanent deletion itself', async ({ shingle }) => {
  const { page, host, tree } = shingle;
  await scanUserFolder(shingle);
  const rootsBefore = (await shingle.service.getSettings({})).roots;

  // A path is not accepted at all; a path passed as a token names nothing.
  expect(await callFromPage(page, 'addDroppedFolders', { purpose: 'roots', paths: ['/etc'] })).toEqual({ error: expect.stringMatching(/invalid request/) });
  expect(await callFromPage(page, 'addDroppedFolders', { purpose: 'referenceRoots', tokens: ['/etc', tree.root] })).toEqual({ ok: { added: [], skipped: [] } });
  const settings = await shingle.service.getSettings({});
  expect(settings.roots).toEqual(rootsBefore);
  expect(settings.referenceRoots).toEqual([]);

  // A confirm flag is not part of the contract; without it, main's dialog decides (here: no).
  const deleteAll = { rules: ['shortest-path'], useMarks: false, action: 'delete' };
  expect(await callFromPage(page, 'applyActions', { ...deleteAll, confirm: true })).toEqual({ error: expect.stringMatching(/invalid request/) });
  expect(await callFromPage(page, 'applyActions', deleteAll)).toEqual({ error: 'Permanent deletion was not confirmed; nothing was deleted.' });
  expect(host.deleteConfirmations).toHaveLength(1);
  expect(host.deleteConfirmations[0]!.files).toBeGreaterThan(0);
  const clusters = await shingle.service.listClusters({ offset: 0, limit: 100, sort: 'path' });
  for (const file of clusters.clusters.flatMap((cluster) => cluster.files)) await stat(file.path);
});

// A near cluster is named by its representative, the file the others are measured to, chosen by a
// rule on the files alone: of two versions the more complete (more words), of that text's files
// the oldest. So the name is the same whichever file a clean-up takes out and an undo puts back,
// and a new scan of the same files gives it again.
import { utimes } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineService } from '../../../../electron/node/service/engineService.ts';
import type { Cluster } from '../../../../shared/report.ts';
import { prose, renderHtml } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { batchFinished } from './actionServiceFixture.ts';
import { createDataDir, createFakeHost, fileRef, openService, scanFolders, useTempDataHome } from './serviceFixture.ts';

const guide = prose(61, 8);
/** A shorter version: the guide's first nine tenths. */
const draft = guide.split(' ').slice(0, Math.floor(guide.split(' ').length * 0.9)).join(' ');

describe('the name of a near cluster', () => {
  let tree: TempTree;
  let dataDir: Awaited<ReturnType<typeof createDataDir>>;
  let dataHome: Awaited<ReturnType<typeof useTempDataHome>>;
  let service: EngineService;
  const host = createFakeHost();
  const relative = (path: string) => path.slice(tree.root.length + 1);
  const guideCluster = async () => (await service.listClusters({ offset: 0, limit: 10, sort: 'path', kinds: ['near'] })).clusters[0]!;
  const title = async () => relative((await guideCluster()).files[0]!.path);

  async function trash(cluster: Cluster, name: string): Promise<number> {
    await service.setMark({ ...fileRef(cluster, cluster.files.findIndex((f) => relative(f.path) === name)), mark: 'delete' });
    const { planId } = await service.previewActions({ clusterIds: [cluster.id], rules: [], useMarks: true, action: 'trash' });
    const { batchId } = await service.applyActions({ planId });
    await batchFinished(service, batchId);
    return batchId;
  }

  beforeEach(async () => {
    dataHome = await useTempDataHome();
    // The draft's path comes first and it is the oldest file; the guide's .html is its largest.
    tree = await createTempTree({ 'Archive/guide-draft.txt': draft, 'Backup/guide.txt': guide, 'Docs/guide.txt': guide, 'Docs/guide.html': renderHtml(guide) });
    const year = (y: number) => new Date(y, 0, 1);
    await utimes(tree.path('Archive/guide-draft.txt'), year(2017), year(2017));
    await utimes(tree.path('Docs/guide.txt'), year(2019), year(2019));
    await utimes(tree.path('Backup/guide.txt'), year(2022), year(2022));
    await utimes(tree.path('Docs/guide.html'), year(2023), year(2023));
    dataDir = await createDataDir();
    service = openService(dataDir.path, host);
    await scanFolders(service, host, [tree.root]);
  });

  afterEach(async () => {
    await service.dispose();
    await Promise.all([tree.remove(), dataDir.remove(), dataHome.restore()]);
  });

  it('is the oldest file of the most complete version, and the others are measured to it', async () => {
    const cluster = await guideCluster();
    expect(cluster.files.map((f) => relative(f.path))).toEqual(['Docs/guide.txt', 'Backup/guide.txt', 'Docs/guide.html', 'Archive/guide-draft.txt']);
    const draftFile = cluster.files[3]!;
    expect(draftFile.matches).toBe(tree.path('Docs/guide.txt'));
    expect(draftFile.similarity).toBeGreaterThan(0.8);
    expect(draftFile.similarity).toBeLessThan(1);
  });

  it('stays through a clean-up and its undo, of a copy or of the representative itself, and through a new scan', async () => {
    expect(await title()).toBe('Docs/guide.txt');
    // A copy that is not the representative: the name never changes.
    const copy = await trash(await guideCluster(), 'Backup/guide.txt');
    expect(await title()).toBe('Docs/guide.txt');
    await service.undoBatch({ batchId: copy });
    expect(await title()).toBe('Docs/guide.txt');
    // A file put back is looked at again before another clean-up takes its twin: a new scan.
    await scanFolders(service, host, [tree.root]);
    expect(await title()).toBe('Docs/guide.txt');
    // The representative: its byte copy names the cluster meanwhile; undo gives the name back.
    const representative = await trash(await guideCluster(), 'Docs/guide.txt');
    expect(await title()).toBe('Backup/guide.txt');
    await service.undoBatch({ batchId: representative });
    expect(await title()).toBe('Docs/guide.txt');
    await scanFolders(service, host, [tree.root]);
    expect(await title()).toBe('Docs/guide.txt');
  });
});

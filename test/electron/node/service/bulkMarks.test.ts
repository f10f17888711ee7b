// Bulk marks in the engine: a folder's files marked across every cluster in one call, counted
// before, never the last copy of a cluster, only for a folder the engine listed; many marks set in
// one call, checked as a whole against the engine's results; and how many Delete marks will act.
import { symlink } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseRequest } from '../../../../shared/contract/engineContract.ts';
import type { Cluster } from '../../../../shared/report.ts';
import type { EngineService } from '../../../../electron/node/service/engineService.ts';
import { editEveryNthWord, prose } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { createDataDir, createFakeHost, openService, scanFolders } from './serviceFixture.ts';
import type { FakeHost } from './serviceFixture.ts';

const licence = prose(41);
const budget = prose(42);
const letter = prose(43);
const report = prose(44);

describe('bulk marks', () => {
  let tree: TempTree;
  let dataDir: Awaited<ReturnType<typeof createDataDir>>;
  let service: EngineService;
  let host: FakeHost;
  let clusters: Cluster[];

  /** The cluster holding this file (relative to the tree). */
  const clusterOf = (relative: string) => clusters.find((c) => c.files.some((f) => f.path === tree.path(relative)))!;
  const refOf = (relative: string) => {
    const cluster = clusterOf(relative);
    const fileIndex = cluster.files.findIndex((f) => f.path === tree.path(relative));
    return { clusterId: cluster.id, fileIndex, path: tree.path(relative) };
  };
  /** The marks as relative paths. */
  async function marks(): Promise<Record<string, string>> {
    const all = await service.getMarks({});
    return Object.fromEntries(Object.values(all).flatMap((byPath) => Object.entries(byPath).map(([path, mark]) => [path.slice(tree.root.length + 1), mark])));
  }

  beforeEach(async () => {
    tree = await createTempTree({
      'Documents/licence.txt': licence,
      'Downloads/licence.txt': licence,
      'Backup/licence.txt': licence,
      'Downloads/budget.txt': budget,
      'Backup/budget.txt': budget,
      'Documents/letter.txt': letter,
      'Downloads/letter (1).txt': letter,
      'Documents/report.txt': report,
      'Downloads/report-edited.txt': editEveryNthWord(report, 25),
    });
    dataDir = await createDataDir();
    host = createFakeHost();
    service = openService(dataDir.path, host);
    expect((await scanFolders(service, host, [tree.root])).failure).toBeUndefined();
    clusters = (await service.listClusters({ offset: 0, limit: 100, sort: 'path' })).clusters;
    expect(clusters.map((c) => c.kind).sort()).toEqual(['exact', 'exact', 'exact', 'near']);
  });
  afterEach(async () => {
    await service.dispose();
    await dataDir.remove();
    await tree.remove();
  });

  it('marks every file of a folder Delete across clusters, as counted, keeping one where every file is there', async () => {
    const backup = tree.path('Backup');
    expect(await service.countFolderMarks({ folder: backup, mark: 'delete' })).toEqual({ files: 2, clusters: 2, lastCopies: 0, reference: 0, othersGo: 0 });
    await service.markFolder({ folder: backup, mark: 'delete', files: 2 });

    // Downloads now: the budget's other copy is in Backup, marked Delete, so its Downloads copy stays.
    const downloads = tree.path('Downloads');
    expect(await service.countFolderMarks({ folder: downloads, mark: 'delete' })).toEqual({ files: 3, clusters: 4, lastCopies: 1, reference: 0, othersGo: 0 });
    const { changes } = await service.markFolder({ folder: downloads, mark: 'delete', files: 3 });
    expect(changes).toContainEqual({ ...refOf('Downloads/budget.txt'), before: null, after: 'keep' });
    expect(changes).toHaveLength(4);
    expect(await marks()).toEqual({
      'Backup/licence.txt': 'delete',
      'Backup/budget.txt': 'delete',
      'Downloads/licence.txt': 'delete',
      'Downloads/budget.txt': 'keep',
      'Downloads/letter (1).txt': 'delete',
      'Downloads/report-edited.txt': 'delete',
    });

    // The same undone in one call, as the page's undo does.
    await service.setMarks({ marks: changes.map(({ clusterId, fileIndex, path, before }) => ({ clusterId, fileIndex, path, mark: before })) });
    expect(await marks()).toEqual({ 'Backup/licence.txt': 'delete', 'Backup/budget.txt': 'delete' });
  });

  it('keeps every file of a folder, saying how many unmarked files elsewhere then go', async () => {
    const documents = tree.path('Documents');
    // licence: 2 others; letter: 1; report's edited version: 1. The budget has no file in Documents.
    expect(await service.countFolderMarks({ folder: documents, mark: 'keep' })).toEqual({ files: 3, clusters: 3, lastCopies: 0, reference: 0, othersGo: 4 });
    await service.markFolder({ folder: documents, mark: 'keep', files: 3 });
    expect(await marks()).toEqual({ 'Documents/licence.txt': 'keep', 'Documents/letter.txt': 'keep', 'Documents/report.txt': 'keep' });
  });

  it('refuses a folder the engine did not list and a count that no longer holds, marking nothing', async () => {
    await expect(service.countFolderMarks({ folder: tree.path('Elsewhere'), mark: 'delete' })).rejects.toThrow(/holds no file of the results/);
    await expect(service.markFolder({ folder: '/', mark: 'delete', files: 0 })).rejects.toThrow(/holds no file of the results/);
    await expect(service.markFolder({ folder: tree.path('Backup'), mark: 'delete', files: 5 })).rejects.toThrow(/results changed since the count was shown \(2 files now, not 5\)/);
    expect(await service.getMarks({})).toEqual({});
  });

  it('sets many marks in one call, refused whole when one file is not the one shown or a cluster would lose every copy', async () => {
    const stale = { ...refOf('Backup/budget.txt'), path: tree.path('Backup/other.txt'), mark: 'delete' as const };
    await expect(service.setMarks({ marks: [{ ...refOf('Backup/licence.txt'), mark: 'delete' }, stale] })).rejects.toThrow(/no longer its file/);
    const everyBudget = [{ ...refOf('Backup/budget.txt'), mark: 'delete' as const }, { ...refOf('Downloads/budget.txt'), mark: 'delete' as const }];
    await expect(service.setMarks({ marks: [{ ...refOf('Backup/licence.txt'), mark: 'delete' }, ...everyBudget] })).rejects.toThrow(/every file of a cluster would be marked Delete/);
    expect(await service.getMarks({})).toEqual({});

    // The same two with a Keep on one of them, in the same call: one stays.
    await service.setMarks({ marks: [...everyBudget, { ...refOf('Downloads/budget.txt'), mark: 'keep' }] });
    expect(await marks()).toEqual({ 'Backup/budget.txt': 'delete', 'Downloads/budget.txt': 'keep' });
  });

  it('a reference folder chosen by another name (a link to its parent) still keeps its files from Delete marks', async () => {
    // Made after the scan: the results name Backup by its real path, the reference folder by the link.
    await symlink(tree.root, tree.path('alias'));
    host.nextPick = [tree.path('alias/Backup')];
    await service.chooseFolders({ purpose: 'referenceRoots' });
    const backup = tree.path('Backup');
    expect(await service.countFolderMarks({ folder: backup, mark: 'delete' })).toEqual({ files: 0, clusters: 0, lastCopies: 0, reference: 2, othersGo: 0 });
    await service.markFolder({ folder: backup, mark: 'delete', files: 0 });
    await expect(service.setMarks({ marks: [{ ...refOf('Backup/licence.txt'), mark: 'delete' }] })).rejects.toThrow(/is in a reference folder/);
    expect(await service.getMarks({})).toEqual({});
  });

  it('counts the Delete marks that will act: an edited version only with edited versions included', async () => {
    await service.setMarks({ marks: [{ ...refOf('Downloads/report-edited.txt'), mark: 'delete' }, { ...refOf('Downloads/licence.txt'), mark: 'delete' }] });
    expect(await service.countMarks({ include: [] })).toEqual({ marked: 2, willGo: 1, need: { near: 1, contained: 0 } });
    expect(await service.countMarks({ include: ['near'] })).toEqual({ marked: 2, willGo: 2, need: { near: 0, contained: 0 } });
  });
});

describe('the bulk marks in the contract', () => {
  it('takes files as fileRefSchema names them, and a folder mark only with the count shown', () => {
    const ref = { clusterId: 'exact-1', fileIndex: 1, path: '/a' };
    expect(parseRequest('setMarks', { marks: [{ ...ref, mark: 'delete' }] })).toEqual({ marks: [{ ...ref, mark: 'delete' }] });
    expect(() => parseRequest('setMarks', { marks: [{ clusterId: 'exact-1', fileIndex: 1, mark: 'delete' }] })).toThrow('setMarks: invalid request');
    expect(() => parseRequest('setMarks', { marks: [] })).toThrow('setMarks: invalid request');
    expect(() => parseRequest('markFolder', { folder: '/a', mark: 'delete' })).toThrow('markFolder: invalid request');
    expect(() => parseRequest('countFolderMarks', { folder: '/a', mark: 'gone' })).toThrow('countFolderMarks: invalid request');
    expect(() => parseRequest('countMarks', { include: ['exact'] })).toThrow('countMarks: invalid request');
  });
});

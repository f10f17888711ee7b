// The app's clean-up (previewActions) on the copies of an edited version while edited versions are
// not removed: the copy the rules or the person's marks rank best stays, not the scan's first.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineService } from '../../../../electron/node/service/engineService.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { LICENSES, createLicensesTree } from '../cli/applyFixture.ts';
import { openActionService } from './actionServiceFixture.ts';
import type { ActionService } from './actionServiceFixture.ts';
import { fileRef } from './serviceFixture.ts';

describe('bulk clean-up of an edited version with copies', () => {
  let tree: TempTree;
  let opened: ActionService;
  let service: EngineService;
  const fates = (plan: { clusters: { files: { path: string; decision: string; relation: string; matches?: string }[] }[] }) =>
    Object.fromEntries(plan.clusters.flatMap((c) => c.files).map((f) => [f.path, [f.decision, f.relation, f.matches]]));

  beforeEach(async () => {
    tree = await createLicensesTree();
    opened = await openActionService(tree.path('home'));
    service = opened.service;
  });

  afterEach(async () => {
    await opened.close();
    await tree.remove();
  });

  it('keeps the copy the keep rules rank best', async () => {
    const plan = await service.previewActions({ rules: ['shortest-path'], useMarks: false, action: 'trash' });
    const [original, downloaded, edited, backup] = [LICENSES.original, LICENSES.downloaded, LICENSES.edited, LICENSES.backup].map((name) => tree.path(name));
    // shortest-path keeps the download of the original; of the edited version's copies, the Documents one.
    expect(fates(plan)).toEqual({
      [downloaded!]: ['keep', 'kept', undefined],
      [original!]: ['remove', 'copy', downloaded],
      [edited!]: ['keep', 'edited', downloaded],
      [backup!]: ['remove', 'copy', edited],
    });
  });

  it('keeps the copy a person marked keep, and the rules rank the copies the marks leave', async () => {
    const { clusters } = await service.listClusters({ offset: 0, limit: 10, sort: 'path' });
    const cluster = clusters[0]!;
    const at = (name: string) => cluster.files.findIndex((f) => f.path === tree.path(name));
    await service.setMark({ ...fileRef(cluster, at(LICENSES.backup)), mark: 'keep' });
    const keptBackup = await service.previewActions({ rules: ['shortest-path'], useMarks: true, action: 'trash' });
    expect(fates(keptBackup)[tree.path(LICENSES.backup)]).toEqual(['keep', 'kept', undefined]);
    expect(fates(keptBackup)[tree.path(LICENSES.edited)]).toEqual(['remove', 'copy', tree.path(LICENSES.backup)]);

    // Marked keep: the original only. Both copies of the edited version were to go; one stays, the
    // one the rules rank best.
    await service.setMark({ ...fileRef(cluster, at(LICENSES.backup)), mark: null });
    await service.setMark({ ...fileRef(cluster, at(LICENSES.original)), mark: 'keep' });
    const keptOriginal = await service.previewActions({ rules: ['shortest-path'], useMarks: true, action: 'trash' });
    expect(fates(keptOriginal)[tree.path(LICENSES.edited)]).toEqual(['keep', 'edited', tree.path(LICENSES.original)]);
    expect(fates(keptOriginal)[tree.path(LICENSES.backup)]).toEqual(['remove', 'copy', tree.path(LICENSES.edited)]);
    expect(fates(keptOriginal)[tree.path(LICENSES.downloaded)]).toEqual(['remove', 'copy', tree.path(LICENSES.original)]);
  });
});

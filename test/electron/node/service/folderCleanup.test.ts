// Folder clean-up through the service, on real folders: Backup/ is mostly a copy of Docs/. Its
// copies (bytes or the same text) go, checked against their twins in Docs/; its edited version and
// its own file stay, listed as staying; a copy changed after the preview is refused; undo restores.
import { readFile, utimes, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineService } from '../../../../electron/node/service/engineService.ts';
import { editEveryNthWord, prose, renderHtml } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { batchFinished, openActionService } from './actionServiceFixture.ts';
import type { ActionService } from './actionServiceFixture.ts';

const COPIES = 10;
const copyName = (i: number) => `${i % 2 ? 'letters/' : ''}doc${i}.txt`;

async function createFolders(): Promise<TempTree> {
  const files: Record<string, string> = {};
  for (let i = 0; i < COPIES; i++) {
    files[`Docs/${copyName(i)}`] = prose(100 + i);
    files[`Backup/${copyName(i)}`] = prose(100 + i);
  }
  // The same text in another format, an edited version, one file of its own on each side, and a
  // third copy outside the pair (it stays; the removal is checked against the twin in Docs/).
  files['Docs/report.html'] = renderHtml(prose(200), 'Report');
  files['Backup/report.txt'] = prose(200);
  files['Docs/contract.txt'] = prose(300);
  files['Backup/contract.txt'] = editEveryNthWord(prose(300), 25);
  files['Docs/own.txt'] = prose(400, 1, 2);
  files['Backup/notes.txt'] = prose(500, 1, 2);
  files['Elsewhere/doc0.txt'] = prose(100);
  return createTempTree(files);
}

describe('folder clean-up', () => {
  let tree: TempTree;
  let opened: ActionService;
  let service: EngineService;

  beforeEach(async () => {
    tree = await createFolders();
    opened = await openActionService(tree.root);
    service = opened.service;
  });

  afterEach(async () => {
    await opened.close();
    await tree.remove();
  });

  async function thePair() {
    const matches = await service.listFolderMatches({});
    expect(matches.map((m) => m.folders)).toEqual([[tree.path('Docs'), tree.path('Backup')]]);
    return matches[0]!;
  }

  it('marks each file of both folders: matched, changed or only here', async () => {
    const { a, b } = await service.getFolderFiles({ folderId: (await thePair()).id });
    const marks = (files: typeof a) => Object.fromEntries(files.map((f) => [f.path.slice(tree.root.length + 1), [f.state, f.counterpart?.slice(tree.root.length + 1)]]));
    expect(marks(b)).toMatchObject({
      'Backup/doc0.txt': ['matched', 'Docs/doc0.txt'],
      'Backup/letters/doc1.txt': ['matched', 'Docs/letters/doc1.txt'],
      'Backup/report.txt': ['matched', 'Docs/report.html'],
      'Backup/contract.txt': ['changed', 'Docs/contract.txt'],
      'Backup/notes.txt': ['only-here', undefined],
    });
    expect(b).toHaveLength(COPIES + 3);
    expect(marks(a)).toMatchObject({ 'Docs/report.html': ['matched', 'Backup/report.txt'], 'Docs/contract.txt': ['changed', 'Backup/contract.txt'], 'Docs/own.txt': ['only-here', undefined] });
    expect(a).toHaveLength(COPIES + 3);
  });

  it('removes only the matched files of the folder cleaned up, lists the others as staying, and undo restores them', async () => {
    const pair = await thePair();
    const plan = await service.previewFolderCleanup({ folderId: pair.id, side: 'b', action: 'trash' });
    const removedFiles = plan.clusters.flatMap((c) => c.files.filter((f) => f.decision === 'remove'));
    const copies = [...Array.from({ length: COPIES }, (_, i) => `Backup/${copyName(i)}`), 'Backup/report.txt'].map((p) => tree.path(p)).sort();
    expect(removedFiles.map((f) => f.path).sort()).toEqual(copies);
    // Each is checked against its twin in the kept folder, never the third copy elsewhere.
    expect(removedFiles.every((f) => f.matches?.startsWith(`${tree.path('Docs')}/`))).toBe(true);
    expect(plan.totals).toMatchObject({ files: COPIES + 1, refused: 0 });
    expect(plan.folder).toMatchObject({ folderId: pair.id, kept: tree.path('Docs'), cleaned: tree.path('Backup') });
    expect(plan.folder!.staying.map((f) => [f.path, f.state]).sort()).toEqual([
      [tree.path('Backup/contract.txt'), 'changed'],
      [tree.path('Backup/notes.txt'), 'only-here'],
    ]);
    // Nothing outside the cleaned folder is removed.
    expect(plan.clusters.flatMap((c) => c.files).filter((f) => !f.path.startsWith(`${tree.path('Backup')}/`)).every((f) => f.decision === 'keep')).toBe(true);

    const { batchId } = await service.applyActions({ planId: plan.planId });
    expect(await batchFinished(service, batchId)).toMatchObject({ done: COPIES + 1, failed: 0 });
    for (const path of copies) expect(existsSync(path)).toBe(false);
    for (const kept of ['Backup/contract.txt', 'Backup/notes.txt', 'Docs/doc0.txt', 'Docs/report.html', 'Docs/own.txt', 'Elsewhere/doc0.txt']) expect(existsSync(tree.path(kept))).toBe(true);

    // The files removed are no longer listed; their twins stay listed, now only in Docs/.
    const after = await service.getFolderFiles({ folderId: pair.id });
    expect(after.b.map((f) => f.path).sort()).toEqual([tree.path('Backup/contract.txt'), tree.path('Backup/notes.txt')]);
    expect(after.a).toHaveLength(COPIES + 3);
    expect(after.a.find((f) => f.path === tree.path('Docs/letters/doc1.txt'))?.state).toBe('only-here');

    const undone = await service.undoBatch({ batchId });
    expect(undone.outcomes.filter((o) => o.state === 'restored')).toHaveLength(COPIES + 1);
    expect(await readFile(tree.path('Backup/doc0.txt'), 'utf8')).toBe(prose(100));
    const restored = await service.getFolderFiles({ folderId: pair.id });
    expect(restored.b.filter((f) => f.state === 'matched')).toHaveLength(COPIES + 1);
  });

  it('cleans up the first folder instead when asked, keeping the twins in the second', async () => {
    const plan = await service.previewFolderCleanup({ folderId: (await thePair()).id, side: 'a', action: 'trash' });
    const removedFiles = plan.clusters.flatMap((c) => c.files.filter((f) => f.decision === 'remove'));
    expect(removedFiles.map((f) => f.path)).toContain(tree.path('Docs/report.html'));
    expect(removedFiles.every((f) => f.path.startsWith(`${tree.path('Docs')}/`) && f.matches?.startsWith(`${tree.path('Backup')}/`))).toBe(true);
    expect(plan.folder!.staying.map((f) => f.path).sort()).toEqual([tree.path('Docs/contract.txt'), tree.path('Docs/own.txt')]);
  });

  it('refuses a matched file changed after the preview, and one whose twin changed, and removes the rest', async () => {
    const plan = await service.previewFolderCleanup({ folderId: (await thePair()).id, side: 'b', action: 'trash' });
    // Same size, new content: the preview's check (size, times) and the run's hash see it.
    const changed = tree.path('Backup/doc0.txt');
    await writeFile(changed, prose(100).replace(/^./, (c) => (c === 'X' ? 'Y' : 'X')));
    const twinChanged = tree.path('Docs/letters/doc1.txt');
    await utimes(twinChanged, new Date(2021, 0, 1), new Date(2021, 0, 1));
    const { batchId } = await service.applyActions({ planId: plan.planId });
    expect(await batchFinished(service, batchId)).toMatchObject({ done: COPIES + 1, failed: 2 });
    const { steps } = await service.getBatchResult({ batchId });
    const refused = steps.filter((s) => s.state === 'refused');
    expect(refused.map((s) => s.path).sort()).toEqual([changed, tree.path('Backup/letters/doc1.txt')]);
    expect(existsSync(changed)).toBe(true);
    expect(existsSync(tree.path('Backup/letters/doc1.txt'))).toBe(true);
    expect(existsSync(tree.path('Backup/doc2.txt'))).toBe(false);
  });
});

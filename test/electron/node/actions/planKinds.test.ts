// Planning without the disk: guards on Windows paths, the kinds of removal, which file each one
// duplicates, and the person's marks before the rules.
import { describe, expect, it } from 'vitest';
import { PlanError, planActions } from '../../../../electron/node/actions/planActions.ts';
import { parseKeepRule } from '../../../../shared/selection/keepRules.ts';
import { selectFiles, selectWithMarks } from '../../../../shared/selection/selectFiles.ts';
import type { Cluster, ReportFile, ScanReport } from '../../../../shared/report.ts';

const file = (path: string, extra: Partial<ReportFile> = {}): ReportFile => ({ path, size: 100, mtime: 1000, ...extra });
const report = (roots: string[], clusters: Cluster[]): ScanReport => ({ version: 1, roots, stats: { files: 0, bytes: 0, ms: 0 }, clusters, errors: [] });
const decisions = (plan: ReturnType<typeof planActions>) => plan.clusters.flatMap((c) => c.files.map((f) => [f.path, f.decision, f.relation, f.matches ?? null]));

describe('planning on Windows paths', () => {
  const cluster: Cluster = {
    id: 'exact-1',
    kind: 'exact',
    similarity: 1,
    reclaimable: 200,
    files: [file('C:\\Users\\ann\\Backup\\report.txt', { mtime: 3000 }), file('C:\\Users\\ann\\Docs\\report.txt', { mtime: 1000 }), file('C:\\Users\\ann\\Docs\\old\\report.txt')],
  };
  const windows = report(['C:\\Users\\ann'], [cluster]);

  it('never acts in a reference folder, however the folder is spelled', () => {
    for (const reference of ['C:\\Users\\ann\\Backup', 'c:/users/ann/backup/', 'C:\\USERS\\ann\\Backup\\']) {
      // "oldest" would keep a Docs copy and remove the backup: the reference folder refuses that.
      const plan = planActions(windows, selectFiles(windows, [parseKeepRule('oldest')]), { action: 'trash', referenceRoots: [reference] });
      expect(plan.refused.map((r) => [r.path, r.reason]), reference).toEqual([['C:\\Users\\ann\\Backup\\report.txt', 'in a reference folder']]);
      expect(plan.steps.map((s) => s.path)).not.toContain('C:\\Users\\ann\\Backup\\report.txt');
    }
  });

  it('keeps by in:/not-in: folders and refuses files outside the scanned roots', () => {
    const plan = planActions(windows, selectFiles(windows, [parseKeepRule('in:c:/users/ann/docs/old')]), { action: 'move', to: 'D:\\Attic' });
    expect(plan.steps.map((s) => [s.path, s.root])).toEqual([
      ['C:\\Users\\ann\\Backup\\report.txt', 'C:\\Users\\ann'],
      ['C:\\Users\\ann\\Docs\\report.txt', 'C:\\Users\\ann'],
    ]);
    const elsewhere = planActions(report(['C:\\Users\\ann\\Docs'], [cluster]), selectFiles(windows, [parseKeepRule('not-in:C:\\Users\\ann\\Backup')]), { action: 'trash' });
    expect(elsewhere.refused).toEqual([{ clusterId: 'exact-1', path: 'C:\\Users\\ann\\Backup\\report.txt', reason: 'outside the scanned folders' }]);
  });
});

describe('moving', () => {
  const pair = (a: string, b: string): Cluster => ({ id: 'exact-1', kind: 'exact', similarity: 1, reclaimable: 100, files: [file(a), file(b)] });

  it('refuses a target above a scanned folder that would put a file back inside it, or inside a reference folder', () => {
    const nested = report(['/d/docs'], [pair('/d/docs/a.txt', '/d/docs/docs/a.txt')]);
    const keepShort = selectFiles(nested, [parseKeepRule('shortest-path')]);
    expect(() => planActions(nested, keepShort, { action: 'move', to: '/d' })).toThrow(PlanError);
    expect(() => planActions(nested, keepShort, { action: 'move', to: '/d' })).toThrow('would put /d/docs/docs/a.txt at /d/docs/a.txt, inside a scanned folder, /d/docs');
    // Above it, but nothing lands inside: allowed.
    expect(planActions(nested, keepShort, { action: 'move', to: '/elsewhere' }).steps).toHaveLength(1);
    const referenced = report(['/h/a'], [pair('/h/a/x.txt', '/h/a/ref/x.txt')]);
    expect(() => planActions(referenced, selectFiles(referenced, [parseKeepRule('shortest-path')]), { action: 'move', to: '/h', referenceRoots: ['/h/ref'] })).toThrow('inside a reference folder, /h/ref');
  });
});

describe('kinds of removal', () => {
  // One text as .txt (twice, byte-identical) and .html, an edited version, and its own byte twin.
  const near: Cluster = {
    id: 'near-1',
    kind: 'near',
    similarity: 0.8,
    reclaimable: 0,
    files: [
      file('/d/report.html', { format: 'html', mtime: 5000 }),
      file('/d/report.txt', { format: 'text', identical: 'text', similarity: 1 }),
      file('/d/copy/report.txt', { format: 'text', identical: 'bytes', similarity: 1 }),
      // Newer than its byte twin: `newest` ranks it first of the two.
      file('/d/draft.txt', { format: 'text', similarity: 0.8, mtime: 2000 }),
      file('/d/copy/draft.txt', { format: 'text', identical: 'bytes', similarity: 0.8 }),
    ],
  };
  const contained: Cluster = {
    id: 'contained-1',
    kind: 'contained',
    similarity: 0.9,
    reclaimable: 0,
    files: [file('/d/book.txt', { size: 9000 }), file('/d/chapter.txt', { similarity: 0.95, mtime: 9000 })],
  };
  const both = report(['/d'], [near, contained]);

  it('by default removes byte copies and the same text in another format, never edited versions or excerpts', () => {
    const plan = planActions(both, selectFiles(both, [parseKeepRule('newest')]), { action: 'trash' });
    expect(decisions(plan)).toEqual([
      ['/d/report.html', 'keep', 'kept', null],
      ['/d/report.txt', 'remove', 'same-text', '/d/report.html'],
      ['/d/copy/report.txt', 'remove', 'same-text', '/d/report.html'],
      // The edited version stays; its byte twin is then a copy of it, matched with it, not with the .html.
      ['/d/draft.txt', 'keep', 'edited', '/d/report.html'],
      ['/d/copy/draft.txt', 'remove', 'copy', '/d/draft.txt'],
      ['/d/book.txt', 'keep', 'container', null],
      ['/d/chapter.txt', 'keep', 'excerpt', '/d/book.txt'],
    ]);
    expect(plan.clusters[0]!.files[3]!.reason).toMatch(/edited version.*near included/);
    expect(plan.clusters[1]!.files[1]!.reason).toMatch(/excerpt.*contained included/);
    expect(plan.steps.find((s) => s.path === '/d/copy/draft.txt')).toMatchObject({ relation: 'copy', kept: { path: '/d/draft.txt' } });
  });

  it('removes edited versions and excerpts when included, checked against what they resemble', () => {
    const plan = planActions(both, selectFiles(both, [parseKeepRule('newest')]), { action: 'trash', include: ['near', 'contained'] });
    expect(plan.steps.map((s) => [s.path, s.relation, s.kept.path])).toEqual([
      ['/d/report.txt', 'same-text', '/d/report.html'],
      ['/d/copy/report.txt', 'same-text', '/d/report.html'],
      ['/d/draft.txt', 'edited', '/d/report.html'],
      ['/d/copy/draft.txt', 'edited', '/d/report.html'],
      ['/d/chapter.txt', 'excerpt', '/d/book.txt'],
    ]);
    expect(plan.steps[2]!.minSimilarity).toBeCloseTo(0.65);
    // Measured to the file it is checked against: the figure is the scan's own.
    expect(plan.clusters[0]!.files[3]).toMatchObject({ relation: 'edited', similarity: 0.8, matches: '/d/report.html' });
    expect(plan.clusters[0]!.files[3]!.atLeast).toBeUndefined();
  });

  it('vouches for an edited version along the chain of matches, not as if every measure were to the first file', () => {
    // The edited draft is the representative; the .html resembles it 0.76, the .pdf matches the .html
    // (the same text). Keeping the .pdf, the draft is vouched to resemble it 1 − (0.24 + 0) = 0.76.
    const chain: Cluster = {
      id: 'near-2',
      kind: 'near',
      similarity: 0.76,
      reclaimable: 0,
      files: [
        file('/d/draft.txt', { format: 'text' }),
        file('/d/report.html', { format: 'html', similarity: 0.76, matches: '/d/draft.txt' }),
        file('/d/report.pdf', { format: 'pdf', identical: 'text', similarity: 1, matches: '/d/report.html' }),
      ],
    };
    const chained = report(['/d'], [chain]);
    const plan = planActions(chained, selectFiles(chained, [parseKeepRule('format:pdf>html>text')]), { action: 'trash', include: ['near'] });
    expect(plan.steps.map((s) => [s.path, s.relation, s.kept.path])).toEqual([
      ['/d/draft.txt', 'edited', '/d/report.pdf'],
      ['/d/report.html', 'same-text', '/d/report.pdf'],
    ]);
    expect(plan.steps[0]!.minSimilarity).toBeCloseTo(0.61);
    // Shown beside the .pdf it is checked against: not the 0.76 measured to the .html, but what
    // the measures vouch for, as a bound.
    const draft = plan.clusters[0]!.files[0]!;
    expect([draft.relation, draft.matches, draft.atLeast]).toEqual(['edited', '/d/report.pdf', true]);
    expect(draft.similarity).toBeCloseTo(0.76);
  });

  it('shows an edited version beside the kept member it matches only through another, with the bound, not the other pair\'s figure', () => {
    const star: Cluster = {
      id: 'near-3',
      kind: 'near',
      similarity: 0.6,
      reclaimable: 0,
      files: [
        file('/d/d.html', { format: 'html', mtime: 1 }),
        file('/d/c.txt', { format: 'text', similarity: 0.9, mtime: 9 }),
        file('/d/e.txt', { format: 'text', similarity: 0.66, mtime: 2 }),
      ],
    };
    const stars = report(['/d'], [star]);
    const plan = planActions(stars, selectFiles(stars, [parseKeepRule('newest')]), { action: 'trash', include: ['near'] });
    const shown = Object.fromEntries(plan.clusters[0]!.files.map((f) => [f.path, [f.decision, f.matches ?? null, f.similarity ?? null, f.atLeast ?? false]]));
    // d.html is c.txt's own partner: its 90 % is exact. e.txt was measured to d.html (66 %), not to c.txt.
    expect(shown['/d/d.html']).toEqual(['remove', '/d/c.txt', 0.9, false]);
    expect(shown['/d/e.txt']![0]).toBe('remove');
    expect(shown['/d/e.txt']![1]).toBe('/d/c.txt');
    expect(shown['/d/e.txt']![2]).toBeCloseTo(0.56);
    expect(shown['/d/e.txt']![3]).toBe(true);
    expect(shown['/d/c.txt']).toEqual(['keep', null, null, false]);
  });

  it('never offers the container, even when the rules or marks would remove it', () => {
    const plan = planActions(both, { clusters: [{ clusterId: 'contained-1', keep: ['/d/chapter.txt'], act: ['/d/book.txt'] }] }, { action: 'trash', include: ['contained'] });
    expect(plan.steps).toEqual([]);
    expect(plan.clusters[0]!.files[0]).toMatchObject({ decision: 'refused', relation: 'container', reason: 'the container of a contained cluster is always kept' });
  });
});

describe('which copy of an edited version stays', () => {
  // As a scan lists it: the edited version's Backup copy first (its path sorts first), then its
  // Documents copy, then the original the others are measured to.
  const licenses: Cluster = {
    id: 'near-gfdl',
    kind: 'near',
    similarity: 0.5,
    reclaimable: 0,
    files: [
      file('/h/Backup/Documents-2023/Licenses/GFDL-1.2.txt', { format: 'text' }),
      file('/h/Documents/Licenses/GFDL-1.2.txt', { format: 'text', identical: 'bytes', similarity: 1, matches: '/h/Backup/Documents-2023/Licenses/GFDL-1.2.txt' }),
      file('/h/Documents/Licenses/GFDL.txt', { format: 'text', similarity: 0.5, matches: '/h/Backup/Documents-2023/Licenses/GFDL-1.2.txt' }),
    ],
  };
  const home = report(['/h'], [licenses]);
  const [backup, documents, original] = licenses.files.map((f) => f.path) as [string, string, string];
  const fates = (plan: ReturnType<typeof planActions>) => plan.clusters[0]!.files.map((f) => [f.path, f.decision, f.relation, f.matches ?? null]);

  it('keeps the copy the rules rank best, not the one the scan listed first', () => {
    const rules = ['not-in:/h/Downloads', 'shortest-path'].map(parseKeepRule);
    const plan = planActions(home, selectFiles(home, rules), { action: 'trash' });
    expect(fates(plan)).toEqual([
      [backup, 'remove', 'copy', documents],
      [documents, 'keep', 'edited', original],
      [original, 'keep', 'kept', null],
    ]);
    // With edited versions included, both go against the original.
    expect(planActions(home, selectFiles(home, rules), { action: 'trash', include: ['near'] }).steps.map((s) => [s.path, s.kept.path])).toEqual([
      [backup, original],
      [documents, original],
    ]);
    // Ranked the other way, the other copy stays.
    const backupFirst = planActions(home, selectFiles(home, [parseKeepRule('in:/h/Backup'), parseKeepRule('format:text')]), { action: 'trash' });
    expect(backupFirst.steps.map((s) => [s.path, s.relation, s.kept.path])).toEqual([[documents, 'copy', backup]]);
  });

  it('keeps the copy a person marked keep, and of copies all marked delete the best-ranked', () => {
    const shortest = [parseKeepRule('shortest-path')];
    // Keep on the Backup copy: the Documents copy goes as its copy, the original stays as edited.
    const keptBackup = planActions(home, { clusters: [selectWithMarks(licenses, shortest, { [backup]: 'keep' })] }, { action: 'trash' });
    expect(keptBackup.steps.map((s) => [s.path, s.relation, s.kept.path])).toEqual([[documents, 'copy', backup]]);
    // Keep on the original only: both copies of the edited version were to go; the rules pick which stays.
    const keptOriginal = planActions(home, { clusters: [selectWithMarks(licenses, shortest, { [original]: 'keep' })] }, { action: 'trash' });
    expect(keptOriginal.steps.map((s) => [s.path, s.relation, s.kept.path])).toEqual([[backup, 'copy', documents]]);
    // Both copies marked delete, one must stay: the rules' choice, not the scan's first.
    const bothDeleted = planActions(home, { clusters: [selectWithMarks(licenses, shortest, { [backup]: 'delete', [documents]: 'delete' })] }, { action: 'trash' });
    expect(bothDeleted.steps.map((s) => [s.path, s.relation, s.kept.path])).toEqual([[backup, 'copy', documents]]);
    // A delete mark ranks a file last: marked on the Documents copy, the Backup copy stays instead.
    const markedDocuments = selectWithMarks(licenses, shortest, { [documents]: 'delete', [original]: 'delete' });
    expect(markedDocuments.order).toEqual([backup, original, documents]);
    const plan = planActions(home, { clusters: [markedDocuments] }, { action: 'trash' });
    expect(plan.steps.map((s) => [s.path, s.relation, s.kept.path])).toEqual([[documents, 'copy', backup]]);
  });
});

describe('marks before rules', () => {
  const cluster: Cluster = { id: 'exact-1', kind: 'exact', similarity: 1, reclaimable: 200, files: [file('/a', { mtime: 3 }), file('/b', { mtime: 2 }), file('/c', { mtime: 1 })] };
  const newest = [parseKeepRule('newest')];

  it('lets a marked cluster be decided by its marks alone', () => {
    expect(selectWithMarks(cluster, newest, undefined)).toEqual({ clusterId: 'exact-1', keep: ['/a'], act: ['/b', '/c'], order: ['/a', '/b', '/c'] });
    expect(selectWithMarks(cluster, newest, { '/c': 'keep' })).toEqual({ clusterId: 'exact-1', keep: ['/c'], act: ['/a', '/b'], order: ['/c', '/a', '/b'] });
    expect(selectWithMarks(cluster, newest, { '/a': 'delete' })).toEqual({ clusterId: 'exact-1', keep: [], act: ['/a'], order: ['/b', '/c', '/a'] });
    expect(selectWithMarks(cluster, [], undefined)).toEqual({ clusterId: 'exact-1', keep: [], act: [] });
    const contained: Cluster = { ...cluster, id: 'contained-1', kind: 'contained' };
    expect(selectWithMarks(contained, newest, { '/b': 'keep' })).toMatchObject({ clusterId: 'contained-1', keep: ['/b'], act: ['/c'] });
  });
});

describe('overlapping clusters', () => {
  it('never removes a file another removal is checked against', () => {
    // A hand-made chain: b goes as a copy of a, a as a copy of c, c as a copy of b.
    const pair = (id: string, keep: string, drop: string): Cluster => ({ id, kind: 'exact', similarity: 1, reclaimable: 100, files: [file(keep), file(drop)] });
    const chain = report(['/d'], [pair('x', '/d/a', '/d/b'), pair('y', '/d/c', '/d/a'), pair('z', '/d/b', '/d/c')]);
    const selection = { clusters: chain.clusters.map((c) => ({ clusterId: c.id, keep: [c.files[0]!.path], act: [c.files[1]!.path] })) };
    const plan = planActions(chain, selection, { action: 'delete' });
    const removed = new Set(plan.steps.map((s) => s.path));
    expect(['/d/a', '/d/b', '/d/c'].filter((p) => !removed.has(p)).length).toBeGreaterThan(0);
    for (const step of plan.steps) expect(removed.has(step.kept.path)).toBe(false);
    expect(plan.refused.map((r) => r.reason)).toContain('another file of the plan is checked against it, so it stays');
  });
});

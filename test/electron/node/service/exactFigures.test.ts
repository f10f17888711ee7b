// Figures where the texts are at hand: the scan keeps a near member's sketch estimate when it
// clears the threshold by far, and says so (`estimated`); opening the cluster (getCluster) or
// planning it in a preview measures it on the two texts, exactly, floored as the scan floors.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineService } from '../../../../electron/node/service/engineService.ts';
import { jaccard } from '../../../../shared/fingerprint/jaccard.ts';
import { chunkSet } from '../../../../shared/fingerprint/shingles.ts';
import type { Cluster, ScanReport } from '../../../../shared/report.ts';
import { runCli } from '../../../helpers/runCli.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import { farAboveVersions, seededRandom, vocabulary } from '../../../shared/textFixtures.ts';
import { createDataDir, createFakeHost, openService, scanFolders } from './serviceFixture.ts';

const random = seededRandom(2311);
const vocab = vocabulary(random);
const [letter, letterEdited] = farAboveVersions(random, vocab, 'l');
const [memo, memoEdited] = farAboveVersions(random, vocab, 'm');
/** The exact figure, as the scan floors it: three decimals rounded down, at most 0.999 for another text. */
const exactFigure = (a: string, b: string) => Math.min(0.999, Math.floor(jaccard(chunkSet(a, 'words'), chunkSet(b, 'words')) * 1000 + 1e-9) / 1000);

describe('exact figures of an opened cluster and a preview', () => {
  let tree: TempTree;
  let dataDir: Awaited<ReturnType<typeof createDataDir>>;
  let service: EngineService;
  const host = createFakeHost();
  const near = async () => (await service.listClusters({ offset: 0, limit: 10, sort: 'path', kinds: ['near'] })).clusters;
  const named = (clusters: Cluster[], name: string) => clusters.find((c) => c.files.some((f) => f.path.endsWith(name)))!;

  beforeEach(async () => {
    tree = await createTempTree({ 'letter.txt': letter, 'letter-edited.txt': letterEdited, 'memo.txt': memo, 'memo-edited.txt': memoEdited });
    dataDir = await createDataDir();
    service = openService(dataDir.path, host);
    await scanFolders(service, host, [tree.root]);
  });

  afterEach(async () => {
    await service.dispose();
    await Promise.all([tree.remove(), dataDir.remove()]);
  });

  it('the scan marks the estimates; opening a cluster measures them, and the results keep the measure', async () => {
    const before = named(await near(), 'letter.txt');
    expect(before.estimated).toBe(true);
    expect(before.files[1]!.estimated).toBe(true);
    const told: string[] = [];
    service.on('clusterChanges', ({ changes }) => changes.forEach((change) => told.push(change.event === 'cluster-changed' ? change.previousId : '')));

    const opened = (await service.getCluster({ clusterId: before.id }))!;
    const exact = exactFigure(letter, letterEdited);
    expect(opened.id).toBe(before.id);
    expect(opened.estimated).toBeUndefined();
    expect(opened.files.map((f) => f.estimated)).toEqual([undefined, undefined]);
    expect(opened.files[1]!.similarity).toBe(exact);
    expect(opened.similarity).toBe(exact);
    // The sketch's figure was another (else this test shows nothing).
    expect(before.files[1]!.similarity).not.toBe(exact);
    // The list has it measured now, and was told; the other cluster is still an estimate.
    expect(named(await near(), 'letter.txt')).toEqual(opened);
    expect(told).toEqual([before.id]);
    expect(named(await near(), 'memo.txt').estimated).toBe(true);
  });

  it('a preview measures the clusters it plans and shows the exact figures', async () => {
    const memoCluster = named(await near(), 'memo.txt');
    const plan = await service.previewActions({ clusterIds: [memoCluster.id], rules: ['shortest-path'], useMarks: false, include: ['near'], action: 'trash' });
    const edited = plan.clusters[0]!.files.find((f) => f.path === tree.path('memo-edited.txt'))!;
    expect(edited.decision).toBe('remove');
    expect(edited.similarity).toBe(exactFigure(memo, memoEdited));
    expect(named(await near(), 'memo.txt').estimated).toBeUndefined();
    // Out of the preview's scope: left as the scan found it.
    expect(named(await near(), 'letter.txt').estimated).toBe(true);
  });

  it('the CLI report marks the estimates: estimated in the JSON, ≈ in the text', async () => {
    const json = await runCli(['scan', tree.root, '--json', '--no-index']);
    expect(json.stderr).toBe('');
    const report = JSON.parse(json.stdout) as ScanReport;
    const letters = named(report.clusters.filter((c) => c.kind === 'near'), 'letter.txt');
    expect(letters.estimated).toBe(true);
    expect(letters.files.map((f) => f.estimated)).toEqual([undefined, true]);
    const text = await runCli(['scan', tree.root, '--no-index']);
    expect(text.stdout).toContain('2 near-duplicates, each ≥ ≈');
    expect(text.stdout).toContain('(≈: estimated from samples of the texts)');
  });
});

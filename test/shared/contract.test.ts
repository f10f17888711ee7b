// One source per contract concept: the zod-free name lists agree with the contract's objects, the
// report the engine writes is exactly what its schema describes (a field the engine writes and
// the schema lacks would be stripped silently when a host parses it), and a cluster change is a
// union discriminated by its event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandNames, eventNames } from '../../shared/contract/channels.ts';
import { engineCommands, engineEvents } from '../../shared/contract/engineContract.ts';
import { clusterChangeSchema, scanReportSchema } from '../../shared/contract/schemas.ts';
import type { ScanReport } from '../../shared/report.ts';
import { defaultScanOptions } from '../../shared/scanOptions.ts';
import { runScan } from '../../electron/node/scan/scanService.ts';
import { prose, renderHtml } from '../helpers/documents.ts';
import { createTempTree } from '../helpers/tempTree.ts';
import type { TempTree } from '../helpers/tempTree.ts';

describe('the contract', () => {
  it("lists the same command and event names in channels.ts as in the contract's objects", () => {
    expect([...commandNames].sort()).toEqual(Object.keys(engineCommands).sort());
    expect([...eventNames].sort()).toEqual(Object.keys(engineEvents).sort());
  });

  it('tells a changed cluster by its event: only cluster-changed carries, and needs, previousId', () => {
    const cluster = { id: 'near-1', kind: 'near', similarity: 0.8, reclaimable: 10, files: [] };
    expect(clusterChangeSchema.safeParse({ event: 'cluster-changed', cluster }).success).toBe(false);
    expect(clusterChangeSchema.parse({ event: 'cluster-changed', cluster, previousId: 'near-0' })).toEqual({ event: 'cluster-changed', cluster, previousId: 'near-0' });
    expect(clusterChangeSchema.parse({ event: 'cluster-added', cluster, previousId: 'x' })).toEqual({ event: 'cluster-added', cluster });
    expect(clusterChangeSchema.safeParse({ event: 'cluster-moved', cluster }).success).toBe(false);
  });
});

describe('the report schema', () => {
  let tree: TempTree;
  let report: ScanReport;
  beforeAll(async () => {
    const text = prose(7);
    tree = await createTempTree({ 'a/report.txt': text, 'b/report.txt': text, 'a/report.html': renderHtml(text), 'c/other.txt': prose(8) });
    report = await runScan({ ...defaultScanOptions, roots: [tree.root] });
  });
  afterAll(() => tree.remove());

  it('keeps every field of a real report: parsing changes nothing', () => {
    expect(report.clusters.length).toBeGreaterThan(0);
    expect(scanReportSchema.parse(JSON.parse(JSON.stringify(report)))).toEqual(JSON.parse(JSON.stringify(report)));
  });
});

// Opening a saved report in the app: the file is the one the host's picker chose, and the engine
// reads and checks it itself (size, JSON, schema), saying what is wrong in one line. A report or a
// path sent by the page is refused before the engine reads anything.
import { execFile } from 'node:child_process';
import { readFile, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContractError } from '../../../../shared/contract/engineContract.ts';
import { dispatchCommand } from '../../../../electron/node/service/dispatch.ts';
import { REPORT_MAX_BYTES } from '../../../../electron/node/service/engineService.ts';
import type { EngineService } from '../../../../electron/node/service/engineService.ts';
import type { ScanReport } from '../../../../shared/report.ts';
import { prose } from '../../../helpers/documents.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';
import type { FakeHost } from './serviceFixture.ts';
import { createDataDir, createFakeHost, openService, scanFolders } from './serviceFixture.ts';

describe('openReport', () => {
  let tree: TempTree;
  let dataDirs: Awaited<ReturnType<typeof createDataDir>>[];
  let services: EngineService[];
  let report: ScanReport;
  let reportPath: string;

  async function freshService(): Promise<{ service: EngineService; host: FakeHost; picks: () => number }> {
    const dataDir = await createDataDir();
    dataDirs.push(dataDir);
    const host = createFakeHost();
    let picks = 0;
    const pickReport = host.pickReport;
    host.pickReport = () => {
      picks++;
      return pickReport();
    };
    const service = openService(dataDir.path, host);
    services.push(service);
    return { service, host, picks: () => picks };
  }

  const total = async (service: EngineService) => (await service.listClusters({ offset: 0, limit: 10, sort: 'path' })).total;

  beforeEach(async () => {
    dataDirs = [];
    services = [];
    tree = await createTempTree({ 'Docs/a.txt': prose(1), 'Docs/b.txt': prose(1), 'Docs/x.txt': prose(2), 'Docs/y.txt': prose(2) });
    // A real report: the one an earlier scan saved.
    const { service, host, picks } = await freshService();
    await scanFolders(service, host, [tree.path('Docs')]);
    expect(picks()).toBe(0);
    report = (JSON.parse(await readFile(join(dataDirs[0]!.path, 'lastScan.json'), 'utf8')) as { report: ScanReport }).report;
    expect(report.clusters.length).toBe(2);
    reportPath = await tree.write('Saved/report.json', JSON.stringify(report));
  });

  afterEach(async () => {
    await Promise.all(services.map((service) => service.dispose()));
    await Promise.all(dataDirs.map((dir) => dir.remove()));
    await tree.remove();
  });

  it('shows the report the picker chose; a cancelled picker changes nothing', async () => {
    const { service, host } = await freshService();
    expect(await service.openReport({})).toEqual({ clusters: null });
    expect(await total(service)).toBe(0);
    host.nextReport = reportPath;
    expect(await service.openReport({})).toEqual({ clusters: 2 });
    expect((await service.listClusters({ offset: 0, limit: 10, sort: 'path' })).clusters.map((c) => c.id).sort()).toEqual(report.clusters.map((c) => c.id).sort());
  });

  it('refuses a file that is not a report, or too large to be one, in one line naming it, and keeps the results', async () => {
    const { service, host } = await freshService();
    host.nextReport = reportPath;
    await service.openReport({});
    const refusal = async (path: string) => {
      host.nextReport = path;
      const error = await service.openReport({}).then(() => undefined, (e: unknown) => e as Error);
      expect(error?.message).not.toContain('\n');
      return error?.message;
    };
    expect(await refusal(await tree.write('Saved/notes.txt', 'not json'))).toMatch(/notes\.txt: cannot read the report/);
    expect(await refusal(await tree.write('Saved/other.json', '{"version": 1, "clusters": "none"}'))).toMatch(/other\.json: not a version 1 shingle scan --json report/);
    // A sparse file: large on paper, refused from its size without being read.
    const huge = await tree.write('Saved/huge.json', '');
    await truncate(huge, REPORT_MAX_BYTES + 1);
    expect(await refusal(huge)).toMatch(/huge\.json: .* is larger than any report Shingle opens \(250 MB at most\)/);
    expect(await refusal(tree.path('Saved/missing.json'))).toMatch(/missing\.json: cannot read the report/);
    expect(await refusal(tree.path('Saved'))).toMatch(/Saved: not a file/);
    // A named pipe is refused at once, not waited on for a writer.
    const pipe = tree.path('Saved/pipe.json');
    await promisify(execFile)('mkfifo', [pipe]);
    expect(await refusal(pipe)).toMatch(/pipe\.json: not a file/);
    expect(await total(service)).toBe(2);
  });

  it('opens one picker at a time: a second request meanwhile is refused, the first goes on', async () => {
    const { service, host, picks } = await freshService();
    host.nextReport = reportPath;
    const first = service.openReport({});
    const second = service.openReport({}).then(() => undefined, (e: unknown) => (e as Error).message);
    expect(await second).toBe('A report is already being opened');
    expect(await first).toEqual({ clusters: 2 });
    expect(picks()).toBe(1);
    // Once it is done, the next request opens the picker again.
    host.nextReport = null;
    expect(await service.openReport({})).toEqual({ clusters: null });
    expect(picks()).toBe(2);
  });

  it('refuses a report or a path sent by the page, before any picker or file read', async () => {
    const { service, host, picks } = await freshService();
    host.nextReport = reportPath;
    for (const payload of [{ report }, { path: reportPath }, { report, path: reportPath }]) {
      const error = await dispatchCommand(service, 'openReport', payload).then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(ContractError);
      expect((error as Error).message).toMatch(/^openReport: invalid request/);
    }
    expect(picks()).toBe(0);
    expect(await total(service)).toBe(0);
  });
});

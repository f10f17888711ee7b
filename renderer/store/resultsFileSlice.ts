// The results and files: export every cluster (whatever the filters show) with the person's
// marks, fetched a page at a time, as CSV or JSON (shared/resultsExport.ts, as `shingle
// export`); open a report saved by `shingle scan --json` as the current results.
import type { CommandRequest } from '../../shared/contract/engineContract.ts';
import type { Cluster } from '../../shared/report.ts';
import { toCsv, toJson } from '../../shared/resultsExport.ts';
import { errorMessage } from '../format/errorMessage.ts';
import type { SliceCreator } from './storeTypes.ts';

/** The largest page the contract allows. */
const EXPORT_PAGE = 1000;

export interface ResultsFileSlice {
  /** The export's text, or null when it failed (the error is shown). */
  exportResults(format: 'csv' | 'json'): Promise<string | null>;
  /** Reads the file the person picked and has the engine show it; the engine checks its shape. */
  openReport(file: File): Promise<void>;
}

export const createResultsFileSlice: SliceCreator<ResultsFileSlice> = ({ get, engine }) => ({
  async exportResults(format) {
    try {
      const clusters: Cluster[] = [];
      for (let offset = 0; ; offset += EXPORT_PAGE) {
        const page = await engine.listClusters({ offset, limit: EXPORT_PAGE, sort: get().filters.sort });
        clusters.push(...page.clusters);
        if (page.clusters.length < EXPORT_PAGE || clusters.length >= page.total) break;
      }
      const marks = await engine.getMarks({});
      return format === 'csv' ? toCsv(clusters, marks) : toJson(clusters, marks);
    } catch (error) {
      get().reportError(error);
      return null;
    }
  },

  async openReport(file) {
    let report: unknown;
    try {
      report = JSON.parse(await file.text());
    } catch {
      get().reportError(`${file.name} is not a JSON file: open a report saved by shingle scan --json.`);
      return;
    }
    try {
      // The scanState event that follows shows the new results, as after a scan.
      await engine.openReport({ report: report as CommandRequest<'openReport'>['report'] });
    } catch (error) {
      get().reportError(`${file.name} could not be opened: ${errorMessage(error).split('\n')[0]}`);
    }
  },
});

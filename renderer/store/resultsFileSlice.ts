// The results and files: export every cluster (whatever the filters show) with the person's
// marks, fetched a page at a time, as CSV or JSON (shared/resultsExport.ts, as `shingle
// export`); open a report saved by `shingle scan --json` as the current results.
import type { CommandRequest } from '../../shared/contract/engineContract.ts';
import { toCsv, toJson } from '../../shared/resultsExport.ts';
import { everyCluster } from '../engine/everyCluster.ts';
import { errorMessage } from '../format/errorMessage.ts';
import type { SliceCreator } from './storeTypes.ts';

export interface ResultsFileSlice {
  /** The export's text, or null when it failed (the error is shown). */
  exportResults(format: 'csv' | 'json'): Promise<string | null>;
  /** Reads the file the person picked and has the engine show it; the engine checks its shape. */
  openReport(file: File): Promise<void>;
}

export const createResultsFileSlice: SliceCreator<ResultsFileSlice> = ({ get, engine }) => ({
  async exportResults(format) {
    try {
      const clusters = await everyCluster(engine, { sort: get().filters.sort });
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

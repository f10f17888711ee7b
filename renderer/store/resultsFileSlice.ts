// The results and files: export every cluster (whatever the filters show) with the person's
// marks, fetched a page at a time, as CSV or JSON (shared/resultsExport.ts, as `shingle
// export`); open a report saved by `shingle scan --json` as the current results.
import { toCsv, toJson } from '../../shared/resultsExport.ts';
import { everyCluster } from '../engine/everyCluster.ts';
import { errorMessage } from '../format/errorMessage.ts';
import type { SliceCreator } from './storeTypes.ts';

export interface ResultsFileSlice {
  /** The export's text, or null when it failed (the error is shown). */
  exportResults(format: 'csv' | 'json'): Promise<string | null>;
  /** Has the engine show a saved report: the host's picker chooses the file, the engine reads and checks it. */
  openReport(): Promise<void>;
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

  async openReport() {
    try {
      // Null clusters: the picker was cancelled. Otherwise the scanState event that follows
      // shows the new results, as after a scan.
      await engine.openReport({});
    } catch (error) {
      // The engine's one line names the file and what is wrong with it.
      get().reportError(`The report could not be opened: ${errorMessage(error).split('\n')[0]}`);
    }
  },
});

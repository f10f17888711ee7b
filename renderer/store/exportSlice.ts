// Export of the results with the person's marks: every cluster (whatever the filters show),
// fetched a page at a time, as CSV or JSON (shared/resultsExport.ts, as `shingle export`).
import type { Cluster } from '../../shared/report.ts';
import { toCsv, toJson } from '../../shared/resultsExport.ts';
import type { SliceCreator } from './storeTypes.ts';

/** The largest page the contract allows. */
const EXPORT_PAGE = 1000;

export interface ExportSlice {
  /** The export's text, or null when it failed (the error is shown). */
  exportResults(format: 'csv' | 'json'): Promise<string | null>;
}

export const createExportSlice: SliceCreator<ExportSlice> = ({ get, engine }) => ({
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
});

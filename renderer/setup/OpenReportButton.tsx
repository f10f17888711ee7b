// Opens a report saved by `shingle scan --json` (from another machine, a script, an earlier
// run) as the current results. The host's file picker chooses the file and the engine reads it:
// the page never names a file or handles the report's content.
import { useShingle } from '../store/useShingle.ts';

export function OpenReportButton() {
  const openReport = useShingle((s) => s.openReport);
  return (
    <button type="button" className="button quiet" onClick={() => void openReport()}>
      Open a saved report…
    </button>
  );
}

// Opens a report saved by `shingle scan --json` (from another machine, a script, an earlier
// run) as the current results. The system's file picker chooses the file; the page reads it.
import { useRef } from 'react';
import { useShingle } from '../store/useShingle.ts';

export function OpenReportButton() {
  const openReport = useShingle((s) => s.openReport);
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className="button quiet" onClick={() => input.current?.click()}>
        Open a saved report…
      </button>
      <input
        ref={input}
        className="visually-hidden"
        type="file"
        accept=".json,application/json"
        aria-label="Saved report"
        tabIndex={-1}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void openReport(file);
        }}
      />
    </>
  );
}

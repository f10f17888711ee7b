// Export the results with their marks, for a spreadsheet (CSV) or a script (JSON). The file is
// handed to the browser's download, which asks where to save it.
import { useState } from 'react';
import { useShingle } from '../store/useShingle.ts';

const types = { csv: 'text/csv', json: 'application/json' } as const;

function download(text: string, format: 'csv' | 'json') {
  const url = URL.createObjectURL(new Blob([text], { type: types[format] }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `shingle-results.${format}`;
  link.click();
  // The download has its own copy once started.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function ExportButtons() {
  const total = useShingle((s) => s.listSummary?.total ?? 0);
  const exportResults = useShingle((s) => s.exportResults);
  const [busy, setBusy] = useState(false);

  async function run(format: 'csv' | 'json') {
    setBusy(true);
    const text = await exportResults(format);
    setBusy(false);
    if (text !== null) download(text, format);
  }

  return (
    <div className="export-buttons" role="group" aria-label="Export every cluster with its marks">
      <span className="export-label">Export</span>
      {(['csv', 'json'] as const).map((format) => (
        <button key={format} type="button" className="button small quiet" disabled={busy || total === 0} onClick={() => void run(format)}>
          {format.toUpperCase()}
        </button>
      ))}
    </div>
  );
}

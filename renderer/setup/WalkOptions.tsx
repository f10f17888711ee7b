// Which files the walk considers: patterns left out, hidden files, symbolic links, scans, tiny files.
import { formatBytes } from '../../shared/format.ts';
import type { ScanSettings } from '../engine/contractTypes.ts';
import { useShingle } from '../store/useShingle.ts';
import { ExcludesEditor } from './ExcludesEditor.tsx';
import { OcrLanguagesChoice } from './OcrLanguagesChoice.tsx';

export function WalkOptions({ settings }: { settings: ScanSettings }) {
  const updateSettings = useShingle((s) => s.updateSettings);

  return (
    <section className="panel" aria-labelledby="walk-heading">
      <h2 id="walk-heading">Files</h2>
      <ExcludesEditor />
      <label className="check">
        <input type="checkbox" checked={settings.hidden} onChange={(e) => void updateSettings({ hidden: e.target.checked })} />
        <span>Include hidden files and folders</span>
      </label>
      <label className="check">
        <input type="checkbox" checked={settings.followSymlinks} onChange={(e) => void updateSettings({ followSymlinks: e.target.checked })} />
        <span>Follow symbolic links</span>
      </label>
      <label className="check">
        <input type="checkbox" checked={settings.ocr ?? false} onChange={(e) => void updateSettings({ ocr: e.target.checked })} />
        <span>
          Read scanned documents
          <span className="hint block">PDFs of page pictures and TIFF images, read with OCR in the languages chosen: a few seconds a page. Off: scanned PDFs are counted, not compared.</span>
        </span>
      </label>
      {settings.ocr && <OcrLanguagesChoice settings={settings} />}
      <div className="field">
        <label htmlFor="min-size">Ignore files smaller than (bytes)</label>
        <div className="inline-form">
          <input
            id="min-size"
            type="number"
            min={1}
            step={1}
            value={settings.minSize}
            onChange={(e) => {
              const value = Math.floor(Number(e.target.value));
              if (Number.isFinite(value) && value >= 1) void updateSettings({ minSize: value });
            }}
          />
          <span className="hint">{formatBytes(settings.minSize)}</span>
        </div>
      </div>
    </section>
  );
}

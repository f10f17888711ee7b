// How documents are compared: whether near-duplicates are looked for, by which method, how
// similar is similar enough, and in which units the text is cut.
import { formatPercent, percentOf } from '../../shared/format.ts';
import type { ScanSettings } from '../engine/contractTypes.ts';
import { useShingle } from '../store/useShingle.ts';

const methods: Record<ScanSettings['method'], string> = {
  minhash: 'MinHash sketches — fast at any size (recommended)',
  lists: 'Fingerprint lists — finds small edits in long documents',
  simhash: 'Simhash — smallest index, coarser',
};

const units: Record<ScanSettings['unit'], string> = {
  words: 'Word phrases — sensitive to small edits',
  sentences: 'Sentences — tolerant of reflowed text',
  paragraphs: 'Paragraphs — whole paragraphs must match',
};

export function MatchingOptions({ settings }: { settings: ScanSettings }) {
  const updateSettings = useShingle((s) => s.updateSettings);

  return (
    <section className="panel" aria-labelledby="matching-heading">
      <h2 id="matching-heading">Matching</h2>
      <label className="check">
        <input type="checkbox" checked={settings.near} onChange={(e) => void updateSettings({ near: e.target.checked })} />
        <span>
          Find near-duplicates
          <span className="hint block">Edited copies, and the same text saved as .txt, .html or .pdf. Off: byte-identical files only.</span>
        </span>
      </label>
      <fieldset className="field-grid" disabled={!settings.near}>
        <legend className="visually-hidden">Near-duplicate options</legend>
        <div className="field">
          <label htmlFor="threshold">
            Similarity at least <output htmlFor="threshold">{formatPercent(settings.threshold)}</output>
          </label>
          <input
            id="threshold"
            type="range"
            min={5}
            max={100}
            step={5}
            value={percentOf(settings.threshold)}
            onChange={(e) => void updateSettings({ threshold: Number(e.target.value) / 100 })}
          />
          <p className="hint">Lower finds more distant versions; higher only close copies.</p>
        </div>
        <div className="field">
          <label htmlFor="method">Method</label>
          <select id="method" value={settings.method} onChange={(e) => void updateSettings({ method: e.target.value as ScanSettings['method'] })}>
            {Object.entries(methods).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="unit">Compare by</label>
          <select id="unit" value={settings.unit} onChange={(e) => void updateSettings({ unit: e.target.value as ScanSettings['unit'] })}>
            {Object.entries(units).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <label className="check">
        <input type="checkbox" checked={settings.across ?? false} onChange={(e) => void updateSettings({ across: e.target.checked })} />
        <span>
          Across folders only
          <span className="hint block">Only groups with files in two or more of the folders (scanned or reference): one folder against another, not within itself.</span>
        </span>
      </label>
    </section>
  );
}

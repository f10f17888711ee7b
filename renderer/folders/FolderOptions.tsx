// Whether the next scan looks for duplicate folders, and how alike two folders must be to be
// reported (the smaller of the shares of their bytes and of their files that have a copy in the other).
import { DEFAULT_FOLDER_THRESHOLD } from '../../shared/scanOptions.ts';
import { formatPercent, percentOf } from '../../shared/format.ts';
import type { ScanSettings } from '../engine/contractTypes.ts';
import { useShingle } from '../store/useShingle.ts';

export function FolderOptions({ settings }: { settings: ScanSettings }) {
  const updateSettings = useShingle((s) => s.updateSettings);
  const threshold = settings.folderThreshold ?? DEFAULT_FOLDER_THRESHOLD;
  const enabled = settings.folders ?? true;
  return (
    <section className="panel" aria-labelledby="folder-options-heading">
      <h2 id="folder-options-heading">Duplicate folders</h2>
      <label className="check">
        <input type="checkbox" checked={enabled} onChange={(e) => void updateSettings({ folders: e.target.checked })} />
        <span>
          Find duplicate folders
          <span className="hint block">Folders whose files are mostly copies of another folder's, such as an old backup.</span>
        </span>
      </label>
      <div className="field">
        <label htmlFor="folder-threshold">
          Folders alike at least <output htmlFor="folder-threshold">{formatPercent(threshold)}</output>
        </label>
        <input
          id="folder-threshold"
          type="range"
          min={50}
          max={100}
          step={5}
          disabled={!enabled}
          value={percentOf(threshold)}
          onChange={(e) => void updateSettings({ folderThreshold: Number(e.target.value) / 100 })}
        />
        <p className="hint">The share of both folders' files, and of their bytes, that have a copy in the other.</p>
      </div>
    </section>
  );
}

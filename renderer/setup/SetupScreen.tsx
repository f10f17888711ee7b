// Before a scan: the folders to look in, the folders never to delete from, and the options.
import { defaultScanOptions } from '../../shared/scanOptions.ts';
import { FolderOptions } from '../folders/FolderOptions.tsx';
import { useShingle } from '../store/useShingle.ts';
import { FolderList } from './FolderList.tsx';
import { MatchingOptions } from './MatchingOptions.tsx';
import { OpenReportButton } from './OpenReportButton.tsx';
import { WalkOptions } from './WalkOptions.tsx';

export function SetupScreen() {
  const settings = useShingle((s) => s.settings);
  const lastScan = useShingle((s) => s.scanState);
  const startScan = useShingle((s) => s.startScan);
  const updateSettings = useShingle((s) => s.updateSettings);
  const hasRoots = (settings?.roots.length ?? 0) > 0;

  return (
    <main className="screen setup-screen" aria-labelledby="setup-title">
      <div className="setup-content">
        <header className="screen-head">
          <h1 id="setup-title">What should Shingle look through?</h1>
          <p className="lead">Choose folders, then scan. Nothing is changed on disk until you confirm deletions.</p>
          {lastScan?.cancelled && <p className="note">The last scan was cancelled.</p>}
        </header>
        <FolderList
          purpose="roots"
          title="Folders to scan"
          description="Shingle looks for duplicates in these folders and everything below them."
          emptyText="No folders yet. Your home folder or Documents is a good start."
          addLabel="Add folders…"
        />
        <FolderList
          purpose="referenceRoots"
          title="Reference folders"
          description="Compared with the rest, but never marked for deletion — an archive or a backup you trust."
          emptyText="None. Every scanned file may be marked for deletion."
          addLabel="Add reference folders…"
        />
        {settings && (
          <div className="options-grid">
            <WalkOptions settings={settings} />
            <MatchingOptions settings={settings} />
            <FolderOptions settings={settings} />
          </div>
        )}
        <footer className="setup-actions">
          <div className="setup-secondary">
            <button type="button" className="button quiet" onClick={() => void updateSettings(defaultScanOptions)}>
              Reset options to defaults
            </button>
            <OpenReportButton />
          </div>
          <button type="button" className="button primary large" disabled={!hasRoots} onClick={() => void startScan()}>
            Start scan
          </button>
        </footer>
      </div>
    </main>
  );
}

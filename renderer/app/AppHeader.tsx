// The title bar: which screen is up, and starting a scan from anywhere.
import { formatBytes, formatCount } from '../../shared/format.ts';
import type { Screen } from '../store/shellSlice.ts';
import { useShingle } from '../store/useShingle.ts';

// The results' screens need a finished scan; the folders and options are always there.
const SCREEN_TABS: { screen: Screen; label: string; needsResults: boolean }[] = [
  { screen: 'setup', label: 'Folders & options', needsResults: false },
  { screen: 'overview', label: 'Overview', needsResults: true },
  { screen: 'review', label: 'Review', needsResults: true },
  { screen: 'folders', label: 'Duplicate folders', needsResults: true },
];

interface AppHeaderProps {
  onShowHelp(): void;
}

export function AppHeader({ onShowHelp }: AppHeaderProps) {
  const screen = useShingle((s) => s.screen);
  const scanning = useShingle((s) => s.scanState?.running ?? false);
  const hasRoots = useShingle((s) => (s.settings?.roots.length ?? 0) > 0);
  const hasResults = useShingle((s) => s.scanState?.finishedAt !== undefined);
  const stats = useShingle((s) => s.scanState?.stats);
  const showScreen = useShingle((s) => s.showScreen);
  const startScan = useShingle((s) => s.startScan);

  return (
    <header className="app-header">
      <div className="brand" aria-label="Shingle">
        <span className="brand-mark" aria-hidden="true" />
        Shingle
      </div>
      <nav className="screen-tabs" aria-label="Screens">
        {SCREEN_TABS.map((tab) => (
          <button
            key={tab.screen}
            type="button"
            className="tab"
            aria-current={screen === tab.screen ? 'page' : undefined}
            disabled={scanning || (tab.needsResults && !hasResults)}
            onClick={() => showScreen(tab.screen)}
          >
            {tab.label}
          </button>
        ))}
      </nav>
      <div className="header-end">
        {stats && !scanning && (
          <span className="header-stats">
            {formatCount(stats.files)} files · {formatBytes(stats.bytes)}
            <span className="header-stats-word"> scanned</span>
          </span>
        )}
        <button type="button" className="icon-button" onClick={onShowHelp} aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)">
          ?
        </button>
        <button type="button" className="button primary" disabled={scanning || !hasRoots} onClick={() => void startScan()}>
          {hasResults ? 'Scan again' : 'Scan'}
        </button>
      </div>
    </header>
  );
}

// The window: a header with the screens and the scan button, the last error, and the screen
// itself. A running scan takes over the window until it ends or is cancelled.
import { useState } from 'react';
import { FolderMatches } from '../folders/FolderMatches.tsx';
import { OverviewScreen } from '../overview/OverviewScreen.tsx';
import { ClusterReview } from '../review/ClusterReview.tsx';
import { ScanProgressScreen } from '../scan/ScanProgressScreen.tsx';
import { SetupScreen } from '../setup/SetupScreen.tsx';
import { useShingle } from '../store/useShingle.ts';
import { AppHeader } from './AppHeader.tsx';
import { ErrorBanner } from './ErrorBanner.tsx';
import { ShortcutHelp } from './ShortcutHelp.tsx';
import { useShortcuts } from './useShortcuts.ts';

export function App() {
  const ready = useShingle((s) => s.ready);
  const screen = useShingle((s) => s.screen);
  const scanning = useShingle((s) => s.scanState?.running ?? false);
  const [helpOpen, setHelpOpen] = useState(false);
  useShortcuts({ toggleHelp: () => setHelpOpen((open) => !open) });

  return (
    <div className="app">
      <AppHeader onShowHelp={() => setHelpOpen(true)} />
      <ErrorBanner />
      {!ready ? (
        <main className="screen screen-loading" aria-busy="true">
          <p>Loading…</p>
        </main>
      ) : scanning ? (
        <ScanProgressScreen />
      ) : screen === 'setup' ? (
        <SetupScreen />
      ) : screen === 'folders' ? (
        <FolderMatches />
      ) : screen === 'overview' ? (
        <OverviewScreen />
      ) : (
        <ClusterReview />
      )}
      {helpOpen && <ShortcutHelp onClose={() => setHelpOpen(false)} />}
    </div>
  );
}

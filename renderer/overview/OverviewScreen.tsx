// The overview: where the duplicates are. The scanned folders as a picture (each folder's area
// what removing its copies frees, coloured by the kind that frees most), a breadcrumb back up,
// the selected folder's figures and actions beside it, and the same folders as a table below.
import { useEffect, useMemo } from 'react';
import { formatBytes, plural } from '../../shared/format.ts';
import { displayPath } from '../../shared/fsName.ts';
import { kindBytes, reclaimBytes, reclaimFiles, reclaimKinds } from '../../shared/folders/folderSummary.ts';
import { baseName } from '../format/paths.ts';
import { useShingle } from '../store/useShingle.ts';
import { FolderFigures } from './FolderFigures.tsx';
import { FolderTable } from './FolderTable.tsx';
import { FolderTreemap } from './FolderTreemap.tsx';
import { KIND_LABELS } from './kinds.ts';
import { folderChainTo, folderTree } from './treemapLayout.ts';
import './overview.css';

export function OverviewScreen() {
  const summary = useShingle((s) => s.folderSummary);
  const shown = useShingle((s) => s.overviewFolder);
  const selected = useShingle((s) => s.overviewSelected);
  const matches = useShingle((s) => s.folderMatches);
  const results = useShingle((s) => s.listSummary);
  const loadFolderSummary = useShingle((s) => s.loadFolderSummary);
  const loadFolderMatches = useShingle((s) => s.loadFolderMatches);
  const zoom = useShingle((s) => s.zoomOverview);
  const select = useShingle((s) => s.selectOverviewFolder);

  // Read again whenever the results change (a scan, a clean-up, a file changed on disk).
  useEffect(() => void loadFolderSummary(), [loadFolderSummary, results]);
  useEffect(() => void loadFolderMatches(), [loadFolderMatches, results]);
  const tree = useMemo(() => (summary ? folderTree(summary) : null), [summary]);

  if (!summary || !tree) {
    return (
      <main className="screen overview-screen" aria-busy="true">
        <p className="overview-note">Reading the results…</p>
      </main>
    );
  }
  const { total, folders } = summary;
  const chain = shown >= 0 ? folderChainTo(summary, shown) : [];
  const back = () => (chain.length > 0 ? zoom(chain.length > 1 ? chain.at(-2)! : -1) : undefined);
  const empty = (tree.children.get(shown) ?? []).length === 0;
  const chosen = selected === null ? undefined : folders[selected];

  return (
    <main className="screen overview-screen">
      <header className="overview-head">
        <h1 className="overview-title">Where the duplicates are</h1>
        <p className="overview-totals">
          <strong>{formatBytes(reclaimBytes(total))}</strong> reclaimable in {plural(reclaimFiles(total), 'file')}, one copy of each kept
        </p>
        <ul className="overview-legend" aria-label="Colours">
          {reclaimKinds.map((kind) => (
            <li key={kind} className={`kind-${kind}`}>
              <span className="swatch" aria-hidden="true" />
              {KIND_LABELS[kind]} {formatBytes(kindBytes(total, kind))}
            </li>
          ))}
          <li className="legend-link">
            <span className="swatch-link" aria-hidden="true" />
            Folders that mirror each other
          </li>
        </ul>
      </header>
      <nav className="overview-crumbs" aria-label="Folder shown">
        <button type="button" className="link-button" aria-current={shown < 0 ? 'location' : undefined} onClick={() => zoom(-1)}>
          Scanned folders
        </button>
        {chain.map((folder, i) => (
          <span key={folder} className="crumb">
            <span aria-hidden="true">›</span>
            <button type="button" className="link-button" aria-current={folder === shown ? 'location' : undefined} title={displayPath(folders[folder]!.path)} onClick={() => zoom(folder)}>
              {i === 0 ? displayPath(folders[folder]!.path) : baseName(folders[folder]!.path)}
            </button>
          </span>
        ))}
      </nav>
      <div className="overview-body">
        {empty ? (
          <p className="overview-note treemap-empty">{reclaimFiles(total) === 0 ? 'No duplicates: nothing to free.' : 'No subfolder here frees anything: the copies are in this folder itself.'}</p>
        ) : (
          <FolderTreemap tree={tree} shown={shown} selected={selected} matches={matches ?? []} onSelect={select} onZoom={zoom} onBack={back} />
        )}
        <aside className="overview-side">
          {chosen ? (
            <FolderFigures folder={chosen} root={folders[folderChainTo(summary, selected!)[0]!]!.path} hasInside={(tree.children.get(selected!) ?? []).length > 0} matches={matches ?? []} onZoom={() => zoom(selected!)} />
          ) : (
            <p className="overview-note">Choose a folder to see its figures and act on its copies. Each area is what removing the copies in that folder frees, one copy of each kept.</p>
          )}
        </aside>
      </div>
      <FolderTable tree={tree} shown={shown} selected={selected} onSelect={select} />
    </main>
  );
}

// Duplicate folders: each pair side by side, with how alike they are, what removing the second's
// copies would free, and the files only one of them holds — so nothing unique is missed.
import { useEffect } from 'react';
import { displayPath } from '../../shared/fsName.ts';
import { formatBytes, formatPercent, plural } from '../../shared/format.ts';
import type { FolderMatch } from '../../shared/report.ts';
import { DEFAULT_FOLDER_THRESHOLD } from '../../shared/scanOptions.ts';
import { useShingle } from '../store/useShingle.ts';

/** A path below `folder`, shown relative to it. */
function relativeTo(folder: string, path: string): string {
  return displayPath(path.slice(folder.replace(/[\\/]+$/, '').length + 1));
}

function FolderSide({ folder, onlyHere, matched }: { folder: string; onlyHere: string[]; matched?: string }) {
  return (
    <article className="folder-side" aria-label={displayPath(folder)}>
      <h3 className="folder-path">{displayPath(folder)}/</h3>
      {matched && <p className="folder-matched">{matched}</p>}
      {onlyHere.length === 0 ? (
        <p className="folder-complete">Every file here has a copy in the other folder.</p>
      ) : (
        <>
          <p className="folder-only-heading">
            {plural(onlyHere.length, 'file')} only here
          </p>
          <ul className="folder-only" aria-label={`Only in ${displayPath(folder)}`}>
            {onlyHere.map((path) => (
              <li key={path}>{relativeTo(folder, path)}</li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}

function FolderPair({ match }: { match: FolderMatch }) {
  const [first, second] = match.folders;
  const alike = `${formatPercent(match.similarity)} alike`;
  return (
    <section className="folder-pair" aria-label={`${displayPath(second)} and ${displayPath(first)}`}>
      <h2 className="folder-pair-heading">
        {alike} · {formatBytes(match.matchedBytes)} in copies
      </h2>
      <div className="folder-sides">
        <FolderSide folder={first} onlyHere={match.onlyInA} />
        <FolderSide folder={second} onlyHere={match.onlyInB} matched={`${plural(match.matchedFiles, 'file')} with a copy in the other folder`} />
      </div>
    </section>
  );
}

export function FolderMatches() {
  const matches = useShingle((s) => s.folderMatches);
  const finishedAt = useShingle((s) => s.scanState?.finishedAt);
  const threshold = useShingle((s) => s.settings?.folderThreshold ?? DEFAULT_FOLDER_THRESHOLD);
  const load = useShingle((s) => s.loadFolderMatches);
  // Each finished scan brings its own matches.
  useEffect(() => void load(), [load, finishedAt]);

  return (
    <main className="screen folders-screen">
      <h1 className="visually-hidden">Duplicate folders</h1>
      {/* The clusters follow the disk between scans; the folder matches do not (yet). */}
      <p className="folders-note">As the last scan found them: changes on disk since then show after the next scan.</p>
      {matches === null ? (
        <p aria-busy="true">Loading…</p>
      ) : matches.length === 0 ? (
        <p className="folders-empty">No two folders are {formatPercent(threshold)} or more copies of each other.</p>
      ) : (
        matches.map((match) => <FolderPair key={match.id} match={match} />)
      )}
    </main>
  );
}

// Duplicate folders: each pair's two folder trees side by side, every file marked matched, changed
// or only here, with how alike the folders are and what removing the second's copies would free.
// One clean-up per pair, naming the folder whose copies go (either can): its matched files go
// (after the same preview as any clean-up, every file listed), its other files stay.
import { useEffect, useState } from 'react';
import { displayPath } from '../../shared/fsName.ts';
import { formatBytes, formatPercent, plural } from '../../shared/format.ts';
import type { FolderMatch } from '../../shared/report.ts';
import { DEFAULT_FOLDER_THRESHOLD } from '../../shared/scanOptions.ts';
import { CleanupDialog } from '../cleanup/CleanupDialog.tsx';
import type { FolderFile, FolderSide as Side } from '../engine/contractTypes.ts';
import { useShingle } from '../store/useShingle.ts';
import { FolderTree, stateLabels } from './FolderTree.tsx';
import { distinctNames } from './pairNames.ts';

function count(files: readonly FolderFile[], state: FolderFile['state']): number {
  return files.filter((file) => file.state === state).length;
}

function FolderSide({ match, side, files }: { match: FolderMatch; side: Side; files: FolderFile[] | undefined }) {
  const [folder, other] = side === 'a' ? match.folders : [match.folders[1], match.folders[0]];
  return (
    <article className="folder-side" aria-label={displayPath(folder)}>
      <h3 className="folder-path">{displayPath(folder)}/</h3>
      {files === undefined ? (
        <p aria-busy="true">Loading…</p>
      ) : (
        <>
          <p className="folder-summary">
            {(['matched', 'changed', 'only-here'] as const)
              .map((state) => `${count(files, state)} ${stateLabels[state].toLowerCase()}`)
              .join(' · ')}
          </p>
          <FolderTree folder={folder} other={other} files={files} />
        </>
      )}
    </article>
  );
}

/** One clean-up per pair: which folder's copies go (the second's by default), said on the button. */
function PairCleanup({ match, files }: { match: FolderMatch; files: { a: FolderFile[]; b: FolderFile[] } | undefined }) {
  const previewFolderCleanup = useShingle((s) => s.previewFolderCleanup);
  const [goes, setGoes] = useState<Side>('b');
  const names = distinctNames(match.folders[0], match.folders[1]);
  const [cleaned, kept] = goes === 'a' ? [names[0], names[1]] : [names[1], names[0]];
  const matched = files ? count(files[goes], 'matched') : 0;
  return (
    <div className="folder-cleanup">
      <label>
        <span>Remove the copies in</span>
        <select value={goes} onChange={(e) => setGoes(e.target.value as Side)}>
          <option value="b">{names[1]}/</option>
          <option value="a">{names[0]}/</option>
        </select>
      </label>
      <button
        type="button"
        className="button small"
        disabled={matched === 0}
        title={`Moves the ${plural(matched, 'file')} of ${displayPath(match.folders[goes === 'a' ? 0 : 1])}/ that have a copy in ${displayPath(match.folders[goes === 'a' ? 1 : 0])}/ to the trash; every other file stays`}
        onClick={() => void previewFolderCleanup(match.id, goes)}
      >
        Clean up {cleaned}/, keep {kept}/…
      </button>
    </div>
  );
}

function FolderPair({ match }: { match: FolderMatch }) {
  const [first, second] = match.folders;
  const files = useShingle((s) => s.folderFiles[match.id]);
  const loadFolderFiles = useShingle((s) => s.loadFolderFiles);
  // A scan, a clean-up or its undo changes the files: they are asked for again.
  const finishedAt = useShingle((s) => s.scanState?.finishedAt);
  const lastResult = useShingle((s) => s.cleanupResult?.batchId);
  const undone = useShingle((s) => s.undoResult);
  useEffect(() => void loadFolderFiles(match.id), [loadFolderFiles, match.id, finishedAt, lastResult, undone]);
  const matchedNow = files ? count(files.b, 'matched') : match.matchedFiles;
  return (
    <section className="folder-pair" aria-label={`${displayPath(second)} and ${displayPath(first)}`}>
      <h2 className="folder-pair-heading">
        {formatPercent(match.similarity)} alike · {formatBytes(match.matchedBytes)} in copies
      </h2>
      {matchedNow < match.matchedFiles && (
        <p className="folder-stale" role="note">
          {plural(match.matchedFiles - matchedNow, 'file')} of {displayPath(second)}/ matched at the scan {match.matchedFiles - matchedNow === 1 ? 'is' : 'are'} no longer (it or its copy changed or
          went since): scan again to compare these folders afresh.
        </p>
      )}
      <PairCleanup match={match} files={files} />
      <div className="folder-sides">
        <FolderSide match={match} side="a" files={files?.a} />
        <FolderSide match={match} side="b" files={files?.b} />
      </div>
    </section>
  );
}

export function FolderMatches() {
  const matches = useShingle((s) => s.folderMatches);
  const finishedAt = useShingle((s) => s.scanState?.finishedAt);
  const threshold = useShingle((s) => s.settings?.folderThreshold ?? DEFAULT_FOLDER_THRESHOLD);
  const lookedFor = useShingle((s) => s.settings?.folders ?? true);
  const load = useShingle((s) => s.loadFolderMatches);
  const cleanupOpen = useShingle((s) => s.cleanupStage !== 'closed');
  // Each finished scan brings its own matches.
  useEffect(() => void load(), [load, finishedAt]);

  return (
    <main className="screen folders-screen">
      <h1 className="visually-hidden">Duplicate folders</h1>
      {/* The pairs are the last scan's; the marks follow the results as they are now. */}
      <p className="folders-note">Folder pairs as the last scan found them; each file marked as the results stand now.</p>
      {matches === null ? (
        <p aria-busy="true">Loading…</p>
      ) : matches.length === 0 ? (
        <p className="folders-empty">
          {lookedFor ? `No two folders are ${formatPercent(threshold)} or more copies of each other.` : 'Duplicate folders are not looked for: turn them on in Folders & options, then scan.'}
        </p>
      ) : (
        matches.map((match) => <FolderPair key={match.id} match={match} />)
      )}
      {cleanupOpen && <CleanupDialog />}
    </main>
  );
}

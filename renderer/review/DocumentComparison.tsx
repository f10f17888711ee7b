// Near and contained clusters: the documents shown side by side (`members`: every file of a
// small cluster, or the two to four the person picked in the member table), each in its own
// column, compared word by word with the base (the first shown, or the one the person picks).
// The view opens on the member that differs most; the base column shows what it lacks against
// the compared member; Next difference walks the differences of every member that has its own text.
import { useEffect, useMemo, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import type { Cluster } from '../../shared/report.ts';
import { useShortcuts } from '../app/useShortcuts.ts';
import { runPairs } from '../diff/alignment.ts';
import { distinguishingFolders } from '../format/folderLabels.ts';
import { distinctNames } from '../format/nameParts.ts';
import { useShingle } from '../store/useShingle.ts';
import { ComparisonToolbar } from './ComparisonToolbar.tsx';
import { planComparison, stepDifference, wordsKey } from './comparisonPlan.ts';
import type { DifferenceCursor } from './comparisonPlan.ts';
import { DocumentText } from './DocumentText.tsx';
import { FileCard } from './FileCard.tsx';
import { revealColumn } from './visibleFile.ts';
import { useSyncedScroll } from './useSyncedScroll.ts';
import { useWordDiffs } from './useWordDiffs.ts';

/** Below this window height the file cards start folded, so the texts keep most of the space. */
const FOLDED_CARDS_BELOW_PX = 820;

interface DocumentComparisonProps {
  cluster: Cluster;
  /** The file indexes shown, in the cluster's order (two or more). */
  members: readonly number[];
  /** The switch to the member table, shown with the view's own switches. */
  viewSwitch?: ReactNode;
}

export function DocumentComparison({ cluster, members: shown, viewSwitch }: DocumentComparisonProps) {
  const allTexts = useShingle((s) => s.texts);
  const focusedFile = useShingle((s) => s.focusedFile);
  const focusFile = useShingle((s) => s.focusFile);
  // By value: the caller works the list out on every render.
  const shownKey = shown.join(',');
  const members = useMemo(() => [...shown], [shownKey]);
  const [baseChoice, setBase] = useState(members[0] ?? 0);
  // A cluster reloaded with fewer files, or other files shown, falls back on the first shown as base.
  const base = members.includes(baseChoice) ? baseChoice : (members[0] ?? 0);
  const [cursor, setCursor] = useState<DifferenceCursor | null>(null);
  const [synced, setSynced] = useState(true);
  const [details, setDetails] = useState(() => window.innerHeight >= FOLDED_CARDS_BELOW_PX);
  // Only the shown files are diffed and planned.
  const texts = useMemo(() => Object.fromEntries(members.flatMap((i) => (allTexts[i] ? [[i, allTexts[i]] as const] : []))), [allTexts, members]);
  const diffs = useWordDiffs(texts, cluster.files.length, base);
  const names = useMemo(() => distinctNames(cluster.files.map((f) => f.path)), [cluster]);
  const folders = useMemo(() => distinguishingFolders(cluster.files.map((f) => f.path)), [cluster]);

  const keys = useMemo(() => {
    const out: Record<number, string> = {};
    for (const [i, text] of Object.entries(texts)) if (text.status === 'ready') out[Number(i)] = wordsKey(text.text);
    return out;
  }, [texts]);
  const scanned = useMemo(() => new Set(cluster.files.flatMap((file, i) => (file.scanned ? [i] : []))), [cluster.files]);
  const plan = useMemo(() => planComparison(cluster.files.length, base, diffs, keys, scanned), [cluster.files.length, base, diffs, keys, scanned]);
  const alignment = useMemo(() => {
    const runs: Record<number, ReturnType<typeof runPairs> | undefined> = {};
    for (const [i, diff] of Object.entries(diffs)) if (diff) runs[Number(i)] = runPairs(diff);
    return { base, runs };
  }, [base, diffs]);
  const scroll = useSyncedScroll(synced, alignment);

  const compared = focusedFile !== null && focusedFile !== base && members.includes(focusedFile) && diffs[focusedFile] !== undefined ? focusedFile : plan.mostDifferent;
  const changesOf = (column: number) => diffs[column]?.changes ?? 0;
  // A focused twin stands in for the member it repeats, so its own column shows the walk.
  const walk = plan.walk.map((column) => (compared !== null && plan.sameAs[compared] === column ? compared : column));

  useEffect(() => {
    if (focusedFile !== null) revealColumn(focusedFile);
  }, [focusedFile]);

  function step(delta: 1 | -1) {
    // Having moved to another file, the person walks on from there.
    const from = cursor && cursor.column === compared ? cursor : null;
    const next = stepDifference(walk, changesOf, from, delta, compared ?? -1);
    if (!next) return;
    setCursor(next);
    focusFile(next.column);
    // The columns render the new current mark first; then both are brought into view.
    requestAnimationFrame(() => scroll.showChange(next.change, [base, next.column]));
  }

  function makeBase(index: number) {
    setCursor(null);
    setBase(index);
  }

  useShortcuts({ nextDifference: () => step(1), previousDifference: () => step(-1) });

  const columns = { '--columns': members.length } as CSSProperties;
  const current = cursor && cursor.column === compared ? cursor.change : null;

  return (
    <div className={`comparison${details ? '' : ' folded-cards'}`}>
      <ComparisonToolbar
        names={names}
        base={base}
        compared={compared}
        mostDifferent={plan.mostDifferent}
        comparedDiff={compared === null ? undefined : diffs[compared]}
        scanCompared={scanned.has(base) || (compared !== null && scanned.has(compared))}
        sameAsBase={compared !== null && plan.sameAs[compared] === base}
        current={current}
        canStep={plan.walk.length > 0}
        onStep={step}
        synced={synced}
        onSynced={setSynced}
        details={details}
        onDetails={setDetails}
        columns={members.length}
        viewSwitch={viewSwitch}
      />
      <div className="document-columns" style={columns}>
        {members.map((i) => {
          const file = cluster.files[i]!;
          const twin = plan.sameAs[i];
          const noted = twin === base;
          const segments = noted ? undefined : i === base ? (compared === null ? undefined : (diffs[compared] ?? undefined)?.base) : (diffs[i] ?? undefined)?.other;
          const role = i === base ? ' base' : i === compared ? ' compared' : '';
          return (
            <article
              key={file.path}
              data-file-index={i}
              className={`document-column${role}${i === focusedFile ? ' focused' : ''}`}
              aria-label={names[i]}
              aria-current={i === focusedFile ? 'true' : undefined}
              onClick={() => focusFile(i)}
            >
              <FileCard
                cluster={cluster}
                fileIndex={i}
                names={names}
                folders={folders}
                base={base}
                sameAs={twin}
                changes={i === base ? undefined : diffs[i]}
                mostDifferent={i === plan.mostDifferent && members.length > 2}
                details={details}
                onMakeBase={() => makeBase(i)}
              />
              <DocumentText
                label={`Text of ${names[i]}`}
                text={texts[i]}
                segments={segments}
                note={noted ? `Same text as ${names[base]}: no differences to show.` : twin !== undefined ? `Same text as ${names[twin]}.` : undefined}
                currentChange={cursor && (i === cursor.column || (i === base && cursor.column === compared)) ? cursor.change : null}
                paneRef={scroll.register(i)}
                onScroll={scroll.onScroll}
              />
            </article>
          );
        })}
      </div>
    </div>
  );
}

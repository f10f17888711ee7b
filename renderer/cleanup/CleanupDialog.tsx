// The clean-up, in a modal dialog: choose what decides (your marks first, keep criteria in order
// for the clusters you have not marked), which clusters (by default those the list shows), which kinds of
// duplicate may go and how; then the engine's plan file by file; the batch; its result and undo.
// Every choice lives in the store, so Back and closing the dialog keep it.
import { Fragment, useEffect } from 'react';
import type { FormEvent } from 'react';
import { plural } from '../../shared/format.ts';
import { displayPath } from '../../shared/fsName.ts';
import type { ActionKind } from '../../shared/contract/vocabulary.ts';
import { ModalDialog } from '../app/ModalDialog.tsx';
import { actionChoices } from '../format/actionWords.ts';
import { scopeCounts } from '../store/cleanupSlice.ts';
import { useShingle } from '../store/useShingle.ts';
import { changeCriterion, draftReady } from './cleanupRules.ts';
import { KeepCriteria } from './KeepCriteria.tsx';
import { CleanupPreview } from './CleanupPreview.tsx';
import { CleanupOutcome } from './CleanupSteps.tsx';

export function CleanupDialog() {
  const stage = useShingle((s) => s.cleanupStage);
  const closeCleanup = useShingle((s) => s.closeCleanup);
  return (
    <ModalDialog title="Clean up duplicates" className="cleanup-dialog" onClose={closeCleanup}>
      {stage === 'choose' && <CleanupChoices />}
      {stage === 'confirm' && <CleanupPreview />}
      {(stage === 'running' || stage === 'result') && <CleanupOutcome />}
    </ModalDialog>
  );
}

function clusters(n: number): string {
  return plural(n, 'cluster');
}

function CleanupChoices() {
  const draft = useShingle((s) => s.cleanupDraft);
  const setDraft = useShingle((s) => s.setCleanupDraft);
  const selected = useShingle((s) => s.cluster);
  // Follows the list while the dialog is open (a search cleared just before opening lands after).
  const shown = useShingle((s) => scopeCounts(s).shown);
  const all = useShingle((s) => scopeCounts(s).all);
  const filters = useShingle((s) => s.filters);
  const countAllClusters = useShingle((s) => s.countAllClusters);
  const marked = useShingle((s) => Object.keys(s.marks).length);
  const previewCleanup = useShingle((s) => s.previewCleanup);
  const moveTarget = useShingle((s) => s.moveTarget);
  const ready = draftReady(draft);

  useEffect(() => void countAllClusters(), [filters, countAllClusters]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (ready) void previewCleanup();
  }

  return (
    <form className="cleanup-form" onSubmit={submit}>
      <fieldset className="cleanup-field">
        <legend>What decides</legend>
        <label className="cleanup-check">
          <input type="checkbox" checked={draft.useMarks} onChange={(e) => setDraft({ useMarks: e.target.checked, ...(!e.target.checked && draft.criteria[0]?.rule === 'none' ? { criteria: changeCriterion(draft.criteria, 0, { rule: 'newest' }) } : {}) })} />
          My keep/delete marks ({clusters(marked)} marked)
        </label>
        <KeepCriteria />
        {draft.useMarks && <p className="hint">Your marks decide every cluster you marked; a keep rule only decides the clusters you have not marked.</p>}
      </fieldset>
      <fieldset className="cleanup-field">
        <legend>Clusters</legend>
        <label className="cleanup-check">
          <input type="radio" name="cleanup-scope" checked={draft.scope === 'shown'} onChange={() => setDraft({ scope: 'shown' })} />
          The clusters the list shows{shown === null ? '' : ` (${clusters(shown)})`}
        </label>
        <label className="cleanup-check">
          <input type="radio" name="cleanup-scope" checked={draft.scope === 'all'} onChange={() => setDraft({ scope: 'all' })} />
          All clusters{all === null ? '' : ` (${clusters(all)})`}
        </label>
        <label className="cleanup-check">
          <input type="radio" name="cleanup-scope" disabled={!selected} checked={draft.scope === 'selected'} onChange={() => setDraft({ scope: 'selected' })} />
          The selected cluster only
        </label>
      </fieldset>
      <fieldset className="cleanup-field">
        <legend>Also remove</legend>
        <p className="hint">Identical copies and the same text in another format may always go. These go only when checked:</p>
        <label className="cleanup-check">
          <input type="checkbox" checked={draft.includeNear} onChange={(e) => setDraft({ includeNear: e.target.checked })} />
          Edited versions (similar, not the same text)
        </label>
        <label className="cleanup-check">
          <input type="checkbox" checked={draft.includeContained} onChange={(e) => setDraft({ includeContained: e.target.checked })} />
          Excerpts (contained in a larger document, which always stays)
        </label>
      </fieldset>
      <ActionChooser />
      <button type="submit" className="button primary" disabled={!ready || (draft.action === 'move' && moveTarget === null)}>
        Preview
      </button>
    </form>
  );
}

/** The reversible actions first, permanent deletion last. */
const ACTION_ORDER: readonly ActionKind[] = ['trash', 'move', 'hardlink', 'delete'];

/** How the files go; a move's folder comes from the host's picker only (the engine keeps it). */
function ActionChooser() {
  const action = useShingle((s) => s.cleanupDraft.action);
  const setDraft = useShingle((s) => s.setCleanupDraft);
  const moveTarget = useShingle((s) => s.moveTarget);
  const chooseMoveTarget = useShingle((s) => s.chooseMoveTarget);
  return (
    <fieldset className="cleanup-field">
      <legend>Action</legend>
      {ACTION_ORDER.map((kind) => (
        <Fragment key={kind}>
          <label className="cleanup-check">
            <input type="radio" name="cleanup-action" checked={action === kind} onChange={() => setDraft({ action: kind })} />
            {actionChoices[kind]}
          </label>
          {kind === 'move' && action === 'move' && (
            <div className="move-target">
              {moveTarget ? (
                <span className="move-target-folder" title={displayPath(moveTarget)}>
                  <WholePath path={moveTarget} />
                </span>
              ) : (
                <span className="hint">Choose the folder the copies go to.</span>
              )}
              <button type="button" className="button small" onClick={() => void chooseMoveTarget()}>
                {moveTarget ? 'Change folder…' : 'Choose folder…'}
              </button>
            </div>
          )}
        </Fragment>
      ))}
    </fieldset>
  );
}

/** A folder shown whole (where files will go is never cut), wrapping only after a separator, never inside a name. */
function WholePath({ path }: { path: string }) {
  const parts = displayPath(path).split(/(?<=[/\\])/);
  return parts.map((part, i) => (
    <Fragment key={i}>
      <span className="path-part">{part}</span>
      {i < parts.length - 1 && <wbr />}
    </Fragment>
  ));
}

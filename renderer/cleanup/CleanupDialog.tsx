// The clean-up, in a modal dialog: choose a keep rule (or your marks), the scope and the action;
// confirm against the engine's preview; watch the batch; read the result, undo it.
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { displayPath } from '../../shared/fsName.ts';
import { useShingle } from '../store/useShingle.ts';
import { ruleLabels, ruleTexts } from './cleanupRules.ts';
import type { RuleChoice, RuleDraft } from './cleanupRules.ts';
import { CleanupConfirm, CleanupOutcome } from './CleanupSteps.tsx';

export function CleanupDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const stage = useShingle((s) => s.cleanupStage);
  const closeCleanup = useShingle((s) => s.closeCleanup);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  return (
    <dialog ref={dialog} className="modal cleanup-dialog" aria-labelledby="cleanup-title" onClose={closeCleanup}>
      <h2 id="cleanup-title">Clean up duplicates</h2>
      {stage === 'choose' && <CleanupChoices />}
      {stage === 'confirm' && <CleanupConfirm />}
      {(stage === 'running' || stage === 'result') && <CleanupOutcome />}
      <div className="cleanup-close">
        <button type="button" className="button quiet" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
    </dialog>
  );
}

function CleanupChoices() {
  const selected = useShingle((s) => s.cluster);
  const settings = useShingle((s) => s.settings);
  const previewCleanup = useShingle((s) => s.previewCleanup);
  const previous = useShingle((s) => s.cleanupRequest);
  const folders = [...(settings?.roots ?? []), ...(settings?.referenceRoots ?? [])];
  const [draft, setDraft] = useState<RuleDraft>({ choice: 'newest', folder: folders[0] ?? '', formats: 'pdf>html>text', useMarks: false });
  const [scope, setScope] = useState<'all' | 'selected'>('all');
  const [action, setAction] = useState<'trash' | 'delete'>(previous?.action ?? 'trash');
  const rules = ruleTexts(draft);
  const useMarks = draft.choice === 'marks' || draft.useMarks;
  const ready = rules.length > 0 || useMarks;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    void previewCleanup({ rules, useMarks, action, ...(scope === 'selected' && selected ? { clusterIds: [selected.id] } : {}) });
  }

  return (
    <form className="cleanup-form" onSubmit={submit}>
      <label className="cleanup-field">
        <span>Which copy stays</span>
        <select value={draft.choice} onChange={(e) => setDraft({ ...draft, choice: e.target.value as RuleChoice })}>
          {(Object.keys(ruleLabels) as RuleChoice[]).map((choice) => (
            <option key={choice} value={choice}>
              {ruleLabels[choice]}
            </option>
          ))}
        </select>
      </label>
      {(draft.choice === 'in' || draft.choice === 'not-in') && (
        <label className="cleanup-field">
          <span>Folder</span>
          <select value={draft.folder} onChange={(e) => setDraft({ ...draft, folder: e.target.value })}>
            {folders.map((folder) => (
              <option key={folder} value={folder}>
                {displayPath(folder)}
              </option>
            ))}
          </select>
        </label>
      )}
      {draft.choice === 'format' && (
        <label className="cleanup-field">
          <span>Formats, best first</span>
          <input value={draft.formats} maxLength={40} onChange={(e) => setDraft({ ...draft, formats: e.target.value })} />
        </label>
      )}
      {draft.choice !== 'marks' && (
        <label className="cleanup-check">
          <input type="checkbox" checked={draft.useMarks} onChange={(e) => setDraft({ ...draft, useMarks: e.target.checked })} />
          My keep/delete marks override the rule
        </label>
      )}
      <fieldset className="cleanup-field">
        <legend>Clusters</legend>
        <label className="cleanup-check">
          <input type="radio" name="cleanup-scope" checked={scope === 'all'} onChange={() => setScope('all')} />
          All clusters
        </label>
        <label className="cleanup-check">
          <input type="radio" name="cleanup-scope" disabled={!selected} checked={scope === 'selected'} onChange={() => setScope('selected')} />
          The selected cluster only
        </label>
      </fieldset>
      <fieldset className="cleanup-field">
        <legend>Action</legend>
        <label className="cleanup-check">
          <input type="radio" name="cleanup-action" checked={action === 'trash'} onChange={() => setAction('trash')} />
          Move to the trash (can be undone)
        </label>
        <label className="cleanup-check">
          <input type="radio" name="cleanup-action" checked={action === 'delete'} onChange={() => setAction('delete')} />
          Delete permanently
        </label>
      </fieldset>
      <button type="submit" className="button primary" disabled={!ready}>
        Preview
      </button>
    </form>
  );
}

// The keep criteria, in order, as the CLI's --keep chain: the first decides which copy stays, the
// next ones only where the ones before tie, the path last. Beside each, how many clusters in scope
// it decides, counted when the criteria, the scope, the marks or the list change (not per render).
import { useEffect } from 'react';
import { plural } from '../../shared/format.ts';
import { displayPath } from '../../shared/fsName.ts';
import type { ClusterFolder } from '../../shared/clusterFolders.ts';
import { useShingle } from '../store/useShingle.ts';
import { addCriterion, changeCriterion, folderLabel, keepRuleFolders, moveCriterion, removeCriterion, ruleLabels } from './cleanupRules.ts';
import type { KeepCriterion, RuleChoice } from './cleanupRules.ts';

export function KeepCriteria() {
  const draft = useShingle((s) => s.cleanupDraft);
  const setDraft = useShingle((s) => s.setCleanupDraft);
  const heldFolders = useShingle((s) => s.clusterFolders);
  const decided = useShingle((s) => s.cleanupDecided);
  const countDecided = useShingle((s) => s.countDecided);
  const marks = useShingle((s) => s.marks);
  const filters = useShingle((s) => s.filters);
  const listed = useShingle((s) => s.listSummary?.total);
  const selected = useShingle((s) => s.cluster?.id);
  const offered = keepRuleFolders(heldFolders);
  const { criteria } = draft;

  useEffect(() => void countDecided(), [draft.criteria, draft.scope, draft.useMarks, marks, filters, listed, selected, countDecided]);

  const setCriteria = (next: KeepCriterion[]) => setDraft({ criteria: next });
  const chosen = criteria[0]?.rule !== 'none';
  return (
    <div className="keep-criteria">
      <ol className="keep-criteria-list">
        {criteria.map((criterion, i) => (
          <li key={i} className="keep-criterion">
            <CriterionFields
              index={i}
              criterion={criterion}
              offered={offered}
              noFolder={heldFolders !== null && offered.length === 0}
              choices={(Object.keys(ruleLabels) as RuleChoice[]).filter((choice) => choice !== 'none' || (i === 0 && criteria.length === 1 && draft.useMarks))}
              label={i > 0 ? `Criterion ${i + 1}` : draft.useMarks ? 'In clusters I have not marked' : 'Which copy stays'}
              onChange={(patch) => setCriteria(changeCriterion(criteria, i, patch))}
            />
            <div className="keep-criterion-tools">
              {chosen && decided?.byCriterion[i] != null && <span className="hint keep-criterion-count">decides {plural(decided.byCriterion[i], 'cluster')}</span>}
              {criteria.length > 1 && (
                <>
                  <button type="button" className="button small" aria-label={`Move criterion ${i + 1} up`} disabled={i === 0} onClick={() => setCriteria(moveCriterion(criteria, i, -1))}>
                    ↑
                  </button>
                  <button type="button" className="button small" aria-label={`Move criterion ${i + 1} down`} disabled={i === criteria.length - 1} onClick={() => setCriteria(moveCriterion(criteria, i, 1))}>
                    ↓
                  </button>
                  <button type="button" className="button small" aria-label={`Remove criterion ${i + 1}`} onClick={() => setCriteria(removeCriterion(criteria, i))}>
                    Remove
                  </button>
                </>
              )}
            </div>
          </li>
        ))}
      </ol>
      {chosen && decided && <p className="hint keep-criteria-path">The path decides {plural(decided.byPath, 'cluster')} (ties)</p>}
      {chosen && (
        <button type="button" className="button small keep-criteria-add" onClick={() => setCriteria(addCriterion(criteria, offered[0]?.path ?? ''))}>
          Add a criterion for ties
        </button>
      )}
    </div>
  );
}

interface FieldsProps {
  index: number;
  criterion: KeepCriterion;
  offered: ClusterFolder[];
  noFolder: boolean;
  choices: RuleChoice[];
  label: string;
  onChange(patch: Partial<KeepCriterion>): void;
}

/** One criterion's rule, and its folder or formats; the first one's fields keep the names they had alone. */
function CriterionFields({ index, criterion, offered, noFolder, choices, label, onChange }: FieldsProps) {
  const settings = useShingle((s) => s.settings);
  const roots = [...(settings?.roots ?? []), ...(settings?.referenceRoots ?? [])];
  const of = index === 0 ? '' : ` for criterion ${index + 1}`;
  return (
    <div className="keep-criterion-fields">
      <label className="cleanup-field">
        <span>{index === 0 ? label : 'Then, where those above tie'}</span>
        <select aria-label={index === 0 ? undefined : label} value={criterion.rule} onChange={(e) => onChange({ rule: e.target.value as RuleChoice })}>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {ruleLabels[choice]}
            </option>
          ))}
        </select>
      </label>
      {(criterion.rule === 'in' || criterion.rule === 'not-in') && (
        <label className="cleanup-field">
          <span>Folder</span>
          <select aria-label={of ? `Folder${of}` : undefined} value={criterion.folder} onChange={(e) => onChange({ folder: e.target.value })}>
            {offered.map(({ path, split }) => (
              <option key={path} value={path} title={displayPath(path)}>
                {displayPath(folderLabel(path, roots))} ({plural(split, 'cluster')})
              </option>
            ))}
          </select>
          {noFolder && <span className="hint">No folder holds some copies of a cluster and not the others: this rule would decide nothing.</span>}
        </label>
      )}
      {criterion.rule === 'format' && (
        <label className="cleanup-field">
          <span>Formats, best first</span>
          <input aria-label={of ? `Formats, best first${of}` : undefined} value={criterion.formats} maxLength={40} onChange={(e) => onChange({ formats: e.target.value })} />
        </label>
      )}
    </div>
  );
}

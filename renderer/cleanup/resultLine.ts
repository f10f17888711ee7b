// The line that sums up a batch's result: what was done, what was not (refused or failed), and,
// the files it never reached: it ended early (stopped by the person, or on an error), or it was
// interrupted (a batch the journal still calls running once the engine that ran it has died; the
// store reads it after a restart).
import { formatCount, plural } from '../../shared/format.ts';
import type { BatchResult } from '../engine/contractTypes.ts';
import { isOneOf, actionKinds } from '../../shared/contract/vocabulary.ts';
import { actionDone } from '../format/actionWords.ts';

export function resultLine(result: BatchResult): string {
  const count = (...states: string[]) => result.steps.filter((step) => states.includes(step.state)).length;
  const failures = count('refused', 'failed');
  // A batch that ended early (stopped, or ended on an error) left its last files pending; one whose
  // engine died may also have left one started.
  const notReached = result.running ? count('pending', 'started') : count('pending');
  return [
    `${isOneOf(actionKinds, result.action) ? actionDone[result.action] : result.action}: ${plural(count('done'), 'file')}`,
    failures > 0 ? `${formatCount(failures)} not done` : '',
    notReached > 0 ? `${result.running ? 'interrupted' : 'ended'} before ${plural(notReached, 'more file')}` : '',
  ]
    .filter(Boolean)
    .join('; ')
    .concat('.');
}

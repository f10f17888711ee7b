// `shingle apply`: keep rules → selection → guarded, per-file plan → (dry run | confirmed batch).
// The dry run prints the plan file by file; without --dry-run the same plan (same report, same
// options) is carried out, each file checked again right before it is touched. Exit codes: see
// applyUsage.
import { createInterface } from 'node:readline';
import { formatBytes, formatCount, plural } from '../../../shared/format.ts';
import { selectFiles } from '../../../shared/selection/selectFiles.ts';
import { startBatch } from '../actions/applyPlan.ts';
import type { ApplyProgress, StartedBatch } from '../actions/applyPlan.ts';
import { checkPlanOnDisk } from '../actions/checkPlan.ts';
import { JournalBusyError } from '../actions/journalLock.ts';
import { JournalWriteError } from '../actions/journalWriteError.ts';
import { PlanError, planActions, planTotals } from '../actions/planActions.ts';
import { planFolderArgument } from './applyFolder.ts';
import { realPaths } from '../actions/realPaths.ts';
import type { ActionPlan } from '../actions/planActions.ts';
import { applyUsage, parseApplyArgs, rulesByIdentity, withRealPaths } from './applyArgs.ts';
import type { ApplyArgs } from './applyArgs.ts';
import { formatPlan } from './applyPlanText.ts';
import { chooseOcrLanguages } from '../extract/ocrLanguageChoice.ts';
import { openJournal, readReportArgument } from './commandFiles.ts';
import { CommandFailure, ExitCode, UsageError, printHelp } from './harness.ts';
import type { CommandContext } from './harness.ts';
import { createStatusLine, describeApplyProgress } from './progressLine.ts';
import { terminalPath, terminalText } from './terminalText.ts';

export { applyUsage } from './applyArgs.ts';

function planSummary(plan: ActionPlan): string {
  const { files, bytes, clusters } = planTotals(plan);
  return `${plural(files, 'file')}, ${formatBytes(bytes)}, ${plural(clusters, 'group')}`;
}

/** Only the answer 'delete' goes on; Ctrl-D (end of input), Ctrl-C or anything else does not. */
function confirmDelete(plan: ActionPlan): Promise<'delete' | 'no' | 'cancelled'> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  return new Promise((done) => {
    prompt.on('close', () => done('no'));
    // The terminal is in raw mode while it asks: Ctrl-C reaches the prompt, not the process.
    prompt.on('SIGINT', () => {
      done('cancelled');
      prompt.close();
    });
    prompt.question(`Permanently delete ${planSummary(plan)}? This cannot be undone. Type 'delete' to go on: `, (answer) => {
      done(answer.trim() === 'delete' ? 'delete' : 'no');
      prompt.close();
    });
  });
}

/** The plan the dry run prints and the batch runs: from the report, the rules (or the folder) and the disk as it is now. */
async function makePlan(args: ApplyArgs): Promise<ActionPlan> {
  const report = await readReportArgument(args.reportPath);
  // A scan in the plan is checked on what OCR reads of it in the languages the scan read it in.
  chooseOcrLanguages(report.ocrLanguages);
  const options = { action: args.action, ...(args.to ? { to: args.to } : {}), referenceRoots: args.references, roots: await realPaths(report.roots) };
  try {
    const planned = args.folder ? await planFolderArgument(report, args.folder, options) : planActions(report, selectFiles(report, await rulesByIdentity(args.rules, report)), { ...options, include: args.include });
    return await checkPlanOnDisk(planned);
  } catch (error) {
    // What the options ask cannot be planned (a move into a scanned folder, by any of its names): bad usage.
    if (error instanceof PlanError) throw new UsageError(error.message);
    throw error;
  }
}

export async function applyCommand(argv: string[], context: CommandContext): Promise<number> {
  const parsed = parseApplyArgs(argv, context.cwd);
  if (parsed === 'help') return printHelp(applyUsage);
  const args = await withRealPaths(parsed);
  const plan = await makePlan(args);
  if (context.signal.aborted) {
    context.warn('cancelled; nothing was changed');
    return ExitCode.cancelled;
  }

  if (args.dryRun) {
    const text = formatPlan(plan);
    process.stdout.write(`${text}${text ? '\n' : ''}Would ${args.action} ${planSummary(plan)}; ${formatCount(plan.refused.length)} refused.\n`);
    return ExitCode.ok;
  }
  const answer = args.action === 'delete' && process.stdin.isTTY ? await confirmDelete(plan) : 'delete';
  if (answer !== 'delete') {
    context.warn(answer === 'cancelled' ? 'cancelled: nothing deleted' : 'nothing deleted');
    return answer === 'cancelled' ? ExitCode.cancelled : ExitCode.failed;
  }
  for (const refusal of plan.refused) process.stderr.write(`skipped ${terminalPath(refusal.path)}: ${terminalText(refusal.reason)}\n`);
  for (const note of plan.notes ?? []) process.stderr.write(`note: ${terminalText(note)}\n`);

  if (plan.steps.length === 0) {
    // Nothing left to act on: no batch is recorded, so undo still undoes the last real one.
    process.stdout.write(`Nothing to ${args.action}; ${formatCount(plan.refused.length)} not done.\n`);
    return plan.refused.length === 0 ? ExitCode.ok : ExitCode.failed;
  }
  const journal = openJournal(args.journalPath);
  try {
    let batch: StartedBatch;
    try {
      batch = startBatch(plan, journal);
    } catch (error) {
      if (error instanceof JournalBusyError || error instanceof JournalWriteError) throw new CommandFailure(error.message, { cause: error });
      throw error;
    }
    return await runBatch(args, plan, batch, context).catch((error: unknown) => {
      // The journal could not record a step (a full disk): the batch stopped, and the line says where.
      throw error instanceof JournalWriteError ? new CommandFailure(error.message, { cause: error }) : error;
    });
  } finally {
    journal.close();
  }
}

async function runBatch(args: ApplyArgs, plan: ActionPlan, batch: StartedBatch, context: CommandContext): Promise<number> {
  // stderr only, and only on a terminal: a pipe or a log gets the outcome lines and nothing else.
  const progress = process.stderr.isTTY ? createStatusLine(process.stderr, (p: ApplyProgress, width: number) => describeApplyProgress(args.action, p, width)) : undefined;
  try {
    const result = await batch.run({ signal: context.signal, onProgress: progress?.update });
    progress?.clear();
    const done = result.outcomes.filter((o) => o.state === 'done');
    // A done step with a reason acted, then met something on disk after (applyPlan.ts).
    for (const o of result.outcomes) if (o.state !== 'done' || o.reason) process.stderr.write(`${o.state === 'done' ? 'warning' : o.state} ${terminalPath(o.path)}: ${terminalText(o.reason ?? '')}\n`);
    const donePaths = new Set(done.map((o) => o.path));
    const doneBytes = plan.steps.filter((s) => donePaths.has(s.path)).reduce((n, s) => n + s.size, 0);
    // Refused in the plan, refused or failed at run time, or not reached before a cancel.
    const notDone = plan.steps.length - done.length + plan.refused.length;
    process.stdout.write(
      `Batch ${result.batchId}: ${args.action} ${plural(done.length, 'file')} (${formatBytes(doneBytes)}); ${formatCount(notDone)} not done.` +
        (args.action === 'delete' || done.length === 0 ? '\n' : ` Undo with: shingle undo ${result.batchId}\n`),
    );
    if (result.cancelled) {
      context.warn('cancelled; the journal records the steps done');
      return ExitCode.cancelled;
    }
    return notDone === 0 ? ExitCode.ok : ExitCode.failed;
  } finally {
    progress?.clear();
  }
}

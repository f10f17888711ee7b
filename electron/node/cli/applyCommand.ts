// `shingle apply`: keep rules → selection → guarded, per-file plan → (dry run | confirmed batch).
// The dry run prints the plan file by file; without --dry-run the same plan (same report, same
// options) is carried out, each file checked again right before it is touched.
// Exit codes: 0 every step done, 1 some step refused or failed (listed), another batch holds the
// journal, or the engine failed, 2 bad usage or a report that is not one, 130 cancelled with Ctrl-C
// (the steps already done stay in the journal).
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { displayPath } from '../../../shared/fsName.ts';
import { formatBytes } from '../../../shared/format.ts';
import { KeepRuleError, parseKeepRule } from '../../../shared/selection/keepRules.ts';
import type { KeepRule } from '../../../shared/selection/keepRules.ts';
import type { IncludeKind } from '../../../shared/selection/fileRelations.ts';
import { selectFiles } from '../../../shared/selection/selectFiles.ts';
import { ActionJournal, defaultJournalPath } from '../actions/actionJournal.ts';
import { startBatch } from '../actions/applyPlan.ts';
import { checkPlanOnDisk } from '../actions/checkPlan.ts';
import { JournalBusyError } from '../actions/journalLock.ts';
import { planActions, planTotals } from '../actions/planActions.ts';
import type { ActionKind, ActionPlan } from '../actions/planActions.ts';
import { readReport, ReportError } from '../actions/readReport.ts';
import { realPathOf, realPaths } from '../actions/realPaths.ts';
import { formatPlan } from './applyPlanText.ts';
import { actionKinds } from '../../../shared/contract/vocabulary.ts';
import { cancelOnCtrlC } from './commandSetup.ts';
import { UsageError } from './scanArgs.ts';

export const applyUsage = `Usage: shingle apply REPORT.json --keep RULE [--keep RULE...] --action ACTION [options]

Acts on the duplicates of a \`shingle scan --json\` report, keeping one file per group.

Options:
  --keep RULE        which file to keep; the first rule decides, later ones break ties, then
                     the path: newest, oldest, largest, shortest-path, in:DIR, not-in:DIR,
                     format:pdf>html>text
  --action ACTION    trash, delete (permanent), hardlink, or move (with --to)
  --to DIR           the folder \`move\` moves into (their place below the scanned root is kept)
  --reference DIR    never act on files under DIR (repeatable)
  --include KINDS    also remove edited versions (near) and excerpts (contained):
                     --include near,contained. By default only byte copies and the same
                     text in another format are removed; a container never is
  --dry-run          print what would happen and change nothing
  --yes              needed for delete; on a terminal delete still asks
  --journal PATH     the journal of batches (default ${displayPath(defaultJournalPath())})
  -h, --help         show this help`;

const ACTIONS = actionKinds;
const KINDS: readonly IncludeKind[] = ['near', 'contained'];

interface ApplyArgs {
  reportPath: string;
  rules: KeepRule[];
  action: ActionKind;
  to?: string;
  references: string[];
  include: IncludeKind[];
  dryRun: boolean;
  yes: boolean;
  journalPath: string;
}

function parseApplyArgs(argv: string[], cwd: string): ApplyArgs | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        keep: { type: 'string', multiple: true, default: [] },
        action: { type: 'string' },
        to: { type: 'string' },
        reference: { type: 'string', multiple: true, default: [] },
        include: { type: 'string', multiple: true, default: [] },
        'dry-run': { type: 'boolean', default: false },
        yes: { type: 'boolean', default: false },
        journal: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (positionals.length !== 1) throw new UsageError('apply needs exactly one report file');
  if (values.keep.length === 0) throw new UsageError('apply needs at least one --keep rule');
  const action = values.action;
  if (action === undefined || !(ACTIONS as readonly string[]).includes(action)) throw new UsageError(`--action must be one of ${ACTIONS.join(', ')}`);
  if (action === 'move' && !values.to) throw new UsageError('--action move needs --to DIR');
  if (action !== 'move' && values.to) throw new UsageError('--to goes only with --action move');
  const include = values.include.flatMap((text) => text.split(',')).map((kind) => kind.trim());
  for (const kind of include) if (!(KINDS as readonly string[]).includes(kind)) throw new UsageError(`--include: '${kind}' is not one of ${KINDS.join(', ')}`);
  let rules: KeepRule[];
  try {
    rules = values.keep.map((text) => {
      const rule = parseKeepRule(text);
      return rule.kind === 'in-folder' || rule.kind === 'not-in-folder' ? { ...rule, folder: resolve(cwd, rule.folder) } : rule;
    });
  } catch (error) {
    if (error instanceof KeepRuleError) throw new UsageError(`--keep: ${error.message}`);
    throw error;
  }
  return {
    reportPath: resolve(cwd, positionals[0]!),
    rules,
    action: action as ActionKind,
    ...(values.to ? { to: resolve(cwd, values.to) } : {}),
    references: values.reference.map((r) => resolve(cwd, r)),
    include: include as IncludeKind[],
    dryRun: values['dry-run'],
    yes: values.yes,
    journalPath: values.journal ? resolve(cwd, values.journal) : defaultJournalPath(),
  };
}

/**
 * Folders are compared as real paths, as the scan reports files: a reference folder, a keep
 * folder, the move target and the report's roots named through a symlink still match.
 */
async function withRealPaths(args: ApplyArgs): Promise<ApplyArgs> {
  const rules = await Promise.all(args.rules.map(async (rule) => ('folder' in rule ? { ...rule, folder: await realPathOf(rule.folder) } : rule)));
  return { ...args, rules, references: await realPaths(args.references), ...(args.to ? { to: await realPathOf(args.to) } : {}) };
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function planSummary(plan: ActionPlan): string {
  const { files, bytes, clusters } = planTotals(plan);
  return `${count(files, 'file')}, ${formatBytes(bytes)}, ${count(clusters, 'group')}`;
}

/** Only the answer 'delete' goes on; Ctrl-D (end of input) or anything else does not. */
function confirmDelete(plan: ActionPlan): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  return new Promise((done) => {
    prompt.on('close', () => done(false));
    prompt.question(`Permanently delete ${planSummary(plan)}? This cannot be undone. Type 'delete' to go on: `, (answer) => {
      done(answer.trim() === 'delete');
      prompt.close();
    });
  });
}

export async function runApplyCommand(argv: string[]): Promise<number> {
  let args: ApplyArgs;
  let plan: ActionPlan;
  try {
    const parsed = parseApplyArgs(argv, process.cwd());
    if (parsed === 'help') {
      process.stdout.write(`${applyUsage}\n`);
      return 0;
    }
    args = await withRealPaths(parsed);
    const report = await readReport(args.reportPath);
    const planned = planActions(report, selectFiles(report, args.rules), {
      action: args.action,
      ...(args.to ? { to: args.to } : {}),
      referenceRoots: args.references,
      roots: await realPaths(report.roots),
      include: args.include,
    });
    plan = await checkPlanOnDisk(planned);
    if (args.action === 'delete' && !args.dryRun && !args.yes) throw new UsageError('delete is permanent: add --yes to confirm');
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof ReportError)) throw error;
    process.stderr.write(`shingle apply: ${error.message}\n`);
    return 2;
  }

  if (args.dryRun) {
    const text = formatPlan(plan);
    process.stdout.write(`${text}${text ? '\n' : ''}Would ${args.action} ${planSummary(plan)}; ${plan.refused.length} refused.\n`);
    return 0;
  }
  if (args.action === 'delete' && process.stdin.isTTY && !(await confirmDelete(plan))) {
    process.stderr.write('shingle apply: nothing deleted\n');
    return 1;
  }
  for (const refusal of plan.refused) process.stderr.write(`skipped ${displayPath(refusal.path)}: ${refusal.reason}\n`);

  if (plan.steps.length === 0) {
    // Nothing left to act on: no batch is recorded, so undo still undoes the last real one.
    process.stdout.write(`Nothing to ${args.action}; ${plan.refused.length} not done.\n`);
    return plan.refused.length === 0 ? 0 : 1;
  }
  let journal: ActionJournal;
  let batch: ReturnType<typeof startBatch>;
  try {
    journal = new ActionJournal(args.journalPath);
  } catch (error) {
    process.stderr.write(`shingle apply: cannot open the journal ${displayPath(args.journalPath)}: ${(error as Error).message.split('\n')[0]}\n`);
    return 1;
  }
  try {
    batch = startBatch(plan, journal);
  } catch (error) {
    journal.close();
    if (!(error instanceof JournalBusyError)) throw error;
    process.stderr.write(`shingle apply: ${error.message}\n`);
    return 1;
  }
  const ctrlC = cancelOnCtrlC();
  try {
    const result = await batch.run({ signal: ctrlC.signal });
    const done = result.outcomes.filter((o) => o.state === 'done');
    for (const o of result.outcomes) if (o.state !== 'done') process.stderr.write(`${o.state} ${displayPath(o.path)}: ${o.reason}\n`);
    const donePaths = new Set(done.map((o) => o.path));
    const doneBytes = plan.steps.filter((s) => donePaths.has(s.path)).reduce((n, s) => n + s.size, 0);
    const notDone = result.outcomes.length - done.length + plan.refused.length;
    process.stdout.write(
      `Batch ${result.batchId}: ${args.action} ${count(done.length, 'file')} (${formatBytes(doneBytes)}); ${notDone} not done.` +
        (args.action === 'delete' ? '\n' : ` Undo with: shingle undo ${result.batchId}\n`),
    );
    if (result.cancelled) {
      process.stderr.write('shingle: apply cancelled; the journal records the steps done\n');
      return 130;
    }
    return notDone === 0 ? 0 : 1;
  } finally {
    ctrlC.dispose();
    journal.close();
  }
}

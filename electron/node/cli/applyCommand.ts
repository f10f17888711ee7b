// `shingle apply`: keep rules → selection → guarded plan → (dry run | confirmed batch).
// Exit codes: 0 every step done, 1 some step refused or failed (listed) or the engine failed,
// 2 bad usage, 130 cancelled with Ctrl-C (the steps already done stay in the journal).
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { displayPath } from '../../../shared/fsName.ts';
import { formatBytes } from '../../../shared/format.ts';
import { KeepRuleError, parseKeepRule } from '../../../shared/selection/keepRules.ts';
import type { KeepRule } from '../../../shared/selection/keepRules.ts';
import { selectFiles } from '../../../shared/selection/selectFiles.ts';
import type { ScanReport } from '../../../shared/report.ts';
import { ActionJournal, defaultJournalPath } from '../actions/actionJournal.ts';
import { applyPlan } from '../actions/applyPlan.ts';
import { planActions } from '../actions/planActions.ts';
import type { ActionKind, ActionPlan } from '../actions/planActions.ts';
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
  --dry-run          print what would happen and change nothing
  --yes              needed for delete; on a terminal delete still asks
  --journal PATH     the journal of batches (default ${displayPath(defaultJournalPath())})
  -h, --help         show this help`;

const ACTIONS = actionKinds;

interface ApplyArgs {
  reportPath: string;
  rules: KeepRule[];
  action: ActionKind;
  to?: string;
  references: string[];
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
    dryRun: values['dry-run'],
    yes: values.yes,
    journalPath: values.journal ? resolve(cwd, values.journal) : defaultJournalPath(),
  };
}

async function readReport(path: string): Promise<ScanReport> {
  let report: ScanReport;
  try {
    report = JSON.parse(await readFile(path, 'utf8')) as ScanReport;
  } catch (error) {
    throw new UsageError(`${displayPath(path)}: cannot read the report (${(error as Error).message.split('\n')[0]})`);
  }
  if (report?.version !== 1 || !Array.isArray(report.clusters) || !Array.isArray(report.roots)) {
    throw new UsageError(`${displayPath(path)}: not a version 1 shingle scan --json report`);
  }
  return report;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function planSummary(plan: ActionPlan): string {
  const bytes = plan.steps.reduce((n, s) => n + s.size, 0);
  const clusters = new Set(plan.steps.map((s) => s.clusterId)).size;
  return `${count(plan.steps.length, 'file')}, ${formatBytes(bytes)}, ${count(clusters, 'group')}`;
}

/** Per group: the kept file, what happens to each other file, and what the guards refused. */
function formatPlan(plan: ActionPlan): string {
  const lines: string[] = [];
  const groups = new Map<string, string[]>();
  const line = (id: string, text: string) => groups.set(id, [...(groups.get(id) ?? []), text]);
  for (const step of plan.steps) {
    if (!groups.has(step.clusterId)) line(step.clusterId, `  keep ${displayPath(step.kept.path)}`);
    line(step.clusterId, `  ${plan.action} ${displayPath(step.path)}`);
  }
  for (const refusal of plan.refused) line(refusal.clusterId, `  skip ${displayPath(refusal.path)}: ${refusal.reason}`);
  for (const [id, group] of groups) lines.push(`${id}:`, ...group);
  return lines.join('\n');
}

async function confirmDelete(plan: ActionPlan): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await prompt.question(`Permanently delete ${planSummary(plan)}? This cannot be undone. Type 'delete' to go on: `);
    return answer.trim() === 'delete';
  } finally {
    prompt.close();
  }
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
    args = parsed;
    const report = await readReport(args.reportPath);
    plan = planActions(report, selectFiles(report, args.rules), { action: args.action, ...(args.to ? { to: args.to } : {}), referenceRoots: args.references });
    if (args.action === 'delete' && !args.dryRun && !args.yes) throw new UsageError('delete is permanent: add --yes to confirm');
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
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

  const ctrlC = cancelOnCtrlC();
  const journal = new ActionJournal(args.journalPath);
  try {
    const result = await applyPlan(plan, { journal, signal: ctrlC.signal });
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

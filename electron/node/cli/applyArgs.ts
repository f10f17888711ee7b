// `shingle apply` arguments → what to keep, what to do and where. Bad usage throws UsageError.
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { displayPath } from '../../../shared/fsName.ts';
import { actionKinds, includeKinds } from '../../../shared/contract/vocabulary.ts';
import type { ActionKind } from '../../../shared/contract/vocabulary.ts';
import { KeepRuleError, parseKeepRule } from '../../../shared/selection/keepRules.ts';
import type { KeepRule } from '../../../shared/selection/keepRules.ts';
import type { IncludeKind } from '../../../shared/selection/fileRelations.ts';
import { defaultJournalPath } from '../actions/actionJournal.ts';
import { createIdentityCache, namesInReport } from '../actions/folderIdentity.ts';
import { realPathOf } from '../actions/realPaths.ts';
import type { ScanReport } from '../../../shared/report.ts';
import { toFsPath } from '../scan/fsPath.ts';
import { parseCommandArgs, UsageError } from './harness.ts';

export const applyUsage = `Usage: shingle apply REPORT.json --keep RULE [--keep RULE...] --action ACTION [options]
       shingle apply REPORT.json --folder DIR --action ACTION [options]

Acts on the duplicates of a \`shingle scan --json\` report, keeping one file per group; or, with
--folder, cleans up one folder of a duplicate-folder pair of the report.

Options:
  --keep RULE        which file to keep; the first rule decides, later ones break ties, then
                     the path: newest, oldest, largest, shortest-path, in:DIR, not-in:DIR,
                     format:pdf>html>text
  --action ACTION    trash, delete (permanent), hardlink, or move (with --to)
  --folder DIR       a folder of one of the report's duplicate-folder pairs: its files that
                     are byte copies or the same text as a file of the other folder go
                     (each checked against that twin); its other files stay
  --to DIR           the folder \`move\` moves into (their place below the scanned root is kept),
                     outside the scanned and reference folders, yours and not writable by
                     others, with no symbolic link below it
  --reference DIR    never act on files under DIR, by any of its names (repeatable)
  --include KINDS    also remove edited versions (near) and excerpts (contained):
                     --include near,contained. By default only byte copies and the same
                     text in another format are removed; a container never is
  --dry-run          print what would happen and change nothing
  --yes              needed for delete; on a terminal delete still asks
  --journal PATH     the journal of batches (default ${displayPath(defaultJournalPath())})
  -h, --help         show this help

On a terminal, progress is shown on stderr. Exit status: 0 every step done; 1 some step
refused or failed (listed), another batch holds the journal, or the engine failed; 2 bad
usage or a report that is not one; 130 cancelled with Ctrl-C (the journal keeps the steps done).`;

export interface ApplyArgs {
  reportPath: string;
  rules: KeepRule[];
  /** The folder of a duplicate-folder pair to clean up, instead of keep rules. */
  folder?: string;
  action: ActionKind;
  to?: string;
  references: string[];
  include: IncludeKind[];
  dryRun: boolean;
  yes: boolean;
  journalPath: string;
}

export function parseApplyArgs(argv: string[], cwd: string): ApplyArgs | 'help' {
  const { values, positionals } = parseCommandArgs(argv, {
    keep: { type: 'string', multiple: true, default: [] },
    folder: { type: 'string' },
    action: { type: 'string' },
    to: { type: 'string' },
    reference: { type: 'string', multiple: true, default: [] },
    include: { type: 'string', multiple: true, default: [] },
    'dry-run': { type: 'boolean', default: false },
    yes: { type: 'boolean', default: false },
    journal: { type: 'string' },
  });
  if (values.help) return 'help';
  if (positionals.length !== 1) throw new UsageError('apply needs exactly one report file');
  if (values.folder !== undefined && values.keep.length > 0) throw new UsageError('--keep does not go with --folder: the other folder of the pair keeps the copies');
  if (values.folder !== undefined && values.include.length > 0) throw new UsageError('--include does not go with --folder: a folder clean-up removes copies only');
  if (values.folder === undefined && values.keep.length === 0) throw new UsageError('apply needs at least one --keep rule (or --folder)');
  const action = values.action;
  if (action === undefined || !(actionKinds as readonly string[]).includes(action)) throw new UsageError(`--action must be one of ${actionKinds.join(', ')}`);
  if (action === 'move' && !values.to) throw new UsageError('--action move needs --to DIR');
  if (action !== 'move' && values.to) throw new UsageError('--to goes only with --action move');
  // Said before any work: the report is not even read for a delete that was not confirmed.
  if (action === 'delete' && !values['dry-run'] && !values.yes) throw new UsageError('delete is permanent: add --yes to confirm');
  const include = values.include.flatMap((text) => text.split(',')).map((kind) => kind.trim());
  for (const kind of include) if (!(includeKinds as readonly string[]).includes(kind)) throw new UsageError(`--include: '${kind}' is not one of ${includeKinds.join(', ')}`);
  let rules: KeepRule[];
  try {
    rules = values.keep.map((text) => {
      const rule = parseKeepRule(text);
      return rule.kind === 'in-folder' || rule.kind === 'not-in-folder' ? { ...rule, folder: folderArgument(cwd, rule.folder) } : rule;
    });
  } catch (error) {
    if (error instanceof KeepRuleError) throw new UsageError(`--keep: ${error.message}`);
    throw error;
  }
  return {
    reportPath: resolve(cwd, positionals[0]!),
    rules,
    ...(values.folder !== undefined ? { folder: folderArgument(cwd, values.folder) } : {}),
    action: action as ActionKind,
    ...(values.to ? { to: folderArgument(cwd, values.to) } : {}),
    references: values.reference.map((r) => folderArgument(cwd, r)),
    include: include as IncludeKind[],
    dryRun: values['dry-run'],
    yes: values.yes,
    journalPath: values.journal ? resolve(cwd, values.journal) : defaultJournalPath(),
  };
}

/**
 * A folder named in an argument, absolute. A leading ~ is the home folder: the shell expands it
 * only at the start of a word, not in `--keep not-in:~/Downloads` or `--to=~/attic`.
 */
function folderArgument(cwd: string, text: string): string {
  if (text === '~') return homedir();
  // ~user is another user's home: not looked up, nor taken for a folder here of that name unless
  // there is one (~backup).
  const first = text.split('/')[0]!;
  if (/^~./.test(first) && !existsSync(resolve(cwd, first))) throw new UsageError(`${text}: ~user is not expanded here; write the folder's full path`);
  return text.startsWith('~/') ? join(homedir(), text.slice(2)) : resolve(cwd, text);
}

/**
 * The real path of a folder that protects or picks files: one that is not there (a typo) would
 * protect nothing and the files meant to stay would be acted on, so it is a usage error.
 */
async function realFolderOf(option: string, folder: string): Promise<string> {
  const found = await stat(toFsPath(folder)).catch(() => undefined);
  if (!found?.isDirectory()) throw new UsageError(`${option}: ${displayPath(folder)} ${found ? 'is not a folder' : 'does not exist'}`);
  return realPathOf(folder);
}

/**
 * Folders are compared as real paths, as the scan reports files: a reference folder, a keep
 * folder, the move target and the report's roots named through a symlink still match.
 */
export async function withRealPaths(args: ApplyArgs): Promise<ApplyArgs> {
  const rules = await Promise.all(args.rules.map(async (rule) => ('folder' in rule ? { ...rule, folder: await realFolderOf(`--keep ${rule.kind === 'in-folder' ? 'in' : 'not-in'}`, rule.folder) } : rule)));
  const references: string[] = [];
  for (const reference of args.references) references.push(await realFolderOf('--reference', reference));
  return {
    ...args,
    rules,
    references,
    ...(args.to ? { to: await realPathOf(args.to) } : {}),
    ...(args.folder ? { folder: await realPathOf(args.folder) } : {}),
  };
}

/**
 * The keep rules with every name the report uses for their folders: `in:/data/ref` also keeps a
 * file the scan reached as /data/view/ref/a.txt through a bind mount, or as ~/Backup/a.txt when
 * typed ~/backup on a case-insensitive volume (folderIdentity.ts).
 */
export async function rulesByIdentity(rules: readonly KeepRule[], report: ScanReport): Promise<KeepRule[]> {
  if (!rules.some((rule) => 'folder' in rule)) return [...rules];
  const paths = report.clusters.flatMap((cluster) => cluster.files.map((file) => file.path));
  const identity = createIdentityCache();
  return Promise.all(
    rules.map(async (rule) => {
      if (!('folder' in rule)) return rule;
      const names = (await namesInReport(rule.folder, paths, identity)).filter((name) => name !== rule.folder);
      return names.length === 0 ? rule : { ...rule, names };
    }),
  );
}

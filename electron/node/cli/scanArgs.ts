// `shingle scan` arguments → ScanOptions. Bad usage throws UsageError with a one-line message.
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { DEFAULT_FOLDER_THRESHOLD, defaultScanOptions } from '../../../shared/scanOptions.ts';
import { defaultIndexPath } from '../index/indexLocation.ts';
import type { ScanOptions } from '../../../shared/scanOptions.ts';
import { chunkUnits, nearMethods } from '../../../shared/contract/vocabulary.ts';
import { ocrLanguageCodes, ocrLanguages, ocrLanguageSet } from '../../../shared/ocrLanguages.ts';
import type { OcrLanguage } from '../../../shared/ocrLanguages.ts';
import { parseCommandArgs, UsageError } from './harness.ts';
import { SUMMARY_FOLDERS } from './folderSummaryText.ts';
import { terminalPath } from './terminalText.ts';

export interface ScanCommand {
  options: ScanOptions;
  json: boolean;
  help: boolean;
  /** The index file; null with --no-index. */
  indexPath: string | null;
  /** --show-dismissed: the dismissals kept in the index are not applied. */
  showDismissed?: boolean;
  /** --summary: the folders with the most reclaimable space are printed before the clusters. */
  summary?: boolean;
}

const SIZE_SUFFIX: Record<string, number> = { '': 1, k: 1e3, m: 1e6, g: 1e9, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3 };

/** The languages --ocr-lang takes, wrapped to the help's column. */
const LANGUAGE_NAMES = ocrLanguages
  .map((language) => `${language.code} ${language.name}`)
  .join(', ')
  .replace(/(.{1,50})(, |$)/g, (line, text: string, comma: string) => (comma ? `${text},\n${' '.repeat(23)}` : line))
  .trimEnd();

export const scanUsage = `Usage: shingle scan <dir>... [options]

Finds byte-identical and near-duplicate documents under the given folders.

Options:
  --json               print one JSON document on stdout (format in the README)
  --summary            first list the ${SUMMARY_FOLDERS} folders with the most reclaimable space
  --exclude GLOB       leave out matching files and folders (repeatable); a glob without
                       a slash matches names at any depth, one with a slash matches the
                       path relative to its root
  --hidden             include dot-files and dot-folders
  --follow-symlinks    follow symbolic links (loops are detected)
  --min-size N         ignore files smaller than N bytes (default 1; suffixes k, m, g, KiB, MiB, GiB)
  --no-near            byte-identical duplicates only: skip the text work
  --method M           near-duplicate method: minhash (default), lists, simhash
  --threshold T        near-duplicate resemblance threshold, 0–1 (default ${defaultScanOptions.threshold})
  --unit U             chunking unit: words (default), sentences, paragraphs
  --no-folders         do not look for duplicate folders
  --folder-threshold T least share of two folders' files and bytes that must be copies
                       of each other's for a folder match, 0–1 (default ${DEFAULT_FOLDER_THRESHOLD})
  --across             only groups whose files lie in at least two of the given folders
  --ocr                read scanned documents (PDFs of page pictures) with OCR;
                       about 1-6 s of CPU a page. Without it they are counted, not compared
  --ocr-lang L+L…      the languages scans are written in, joined by + (default eng;
                       implies --ocr): ${LANGUAGE_NAMES}
  --show-dismissed     also list the groups and files dismissed as not duplicates in the app
  --index PATH         the index of what earlier scans read, so unchanged files are not
                       read again (default ${terminalPath(defaultIndexPath())})
  --no-index           use no index: read everything, remember nothing
  --debug              print the stack trace of a failure
  -h, --help           show this help`;

function parseSize(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(text.trim());
  const factor = match ? SIZE_SUFFIX[match[2]!.toLowerCase()] : undefined;
  if (!match || factor === undefined) throw new UsageError(`--min-size: not a size: '${text}'`);
  return Math.round(Number(match[1]) * factor);
}

/** A number in (0, 1], as thresholds are. */
function share(flag: string, text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0 || value > 1) throw new UsageError(`${flag}: '${text}' is not a number in (0, 1]`);
  return value;
}

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`${flag}: '${value}' is not one of ${allowed.join(', ')}`);
  }
  return value as T;
}

/** `deu+eng` (tesseract's notation; commas are taken too) → the languages, in the list's order. */
export function parseOcrLanguages(text: string): OcrLanguage[] {
  const codes = text.split(/[+,]/).map((code) => code.trim());
  if (codes.some((code) => code === '')) throw new UsageError(`--ocr-lang: '${text}' names no language; one or more of ${ocrLanguageCodes.join(', ')}, joined by +`);
  return ocrLanguageSet(codes.map((code) => oneOf('--ocr-lang', code, ocrLanguageCodes)));
}

/** Parses the options `scan` and `watch` share; `command` names the command in messages. */
export function parseScanArgs(argv: string[], cwd: string, command = 'scan'): ScanCommand {
  const parsed = parseCommandArgs(
    argv,
    {
      json: { type: 'boolean', default: false },
      exclude: { type: 'string', multiple: true, default: [] },
      hidden: { type: 'boolean', default: false },
      'follow-symlinks': { type: 'boolean', default: false },
      'min-size': { type: 'string' },
      near: { type: 'boolean', default: true },
      method: { type: 'string' },
      threshold: { type: 'string' },
      unit: { type: 'string' },
      folders: { type: 'boolean', default: true },
      'folder-threshold': { type: 'string' },
      across: { type: 'boolean', default: false },
      'show-dismissed': { type: 'boolean', default: false },
      index: { type: 'string' },
      'no-index': { type: 'boolean' },
      summary: { type: 'boolean', default: false },
      ocr: { type: 'boolean', default: false },
      'ocr-lang': { type: 'string' },
    },
    { allowNegative: true },
  );
  const { values, positionals } = parsed;
  if (values.help) return { options: { ...defaultScanOptions, roots: [] }, json: false, help: true, indexPath: null };
  if (positionals.length === 0) throw new UsageError(`${command} needs at least one folder`);
  if (values.summary && values.json) throw new UsageError('--summary is for the text report; the JSON document holds every cluster to sum up');
  // With allowNegative, parseArgs reports --no-index as `index: false` and lets the last of the two
  // win; asking for both is a mistake worth saying, so the arguments themselves are checked.
  const options = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
  const noIndex = options.includes('--no-index');
  const index = values.index as string | false | undefined;
  if (index === '') throw new UsageError('--index needs the path of an index file');
  if (noIndex && options.some((a) => a === '--index' || a.startsWith('--index='))) throw new UsageError('--index and --no-index cannot go together');
  const ocrLanguages = values['ocr-lang'] === undefined ? undefined : parseOcrLanguages(values['ocr-lang']);
  if (ocrLanguages && options.includes('--no-ocr')) throw new UsageError('--ocr-lang reads scans: it cannot go with --no-ocr');

  return {
    json: values.json,
    help: false,
    ...(values['show-dismissed'] ? { showDismissed: true } : {}),
    ...(values.summary ? { summary: true } : {}),
    indexPath: noIndex ? null : typeof index === 'string' ? resolve(cwd, index) : defaultIndexPath(),
    options: {
      roots: positionals.map((p) => resolve(cwd, p)),
      excludes: values.exclude,
      hidden: values.hidden,
      followSymlinks: values['follow-symlinks'],
      minSize: values['min-size'] === undefined ? defaultScanOptions.minSize : Math.max(1, parseSize(values['min-size'])),
      near: values.near,
      method: values.method === undefined ? defaultScanOptions.method : oneOf('--method', values.method, nearMethods),
      threshold: values.threshold === undefined ? defaultScanOptions.threshold : share('--threshold', values.threshold),
      folders: values.folders,
      folderThreshold: values['folder-threshold'] === undefined ? DEFAULT_FOLDER_THRESHOLD : share('--folder-threshold', values['folder-threshold']),
      unit: values.unit === undefined ? defaultScanOptions.unit : oneOf('--unit', values.unit, chunkUnits),
      ...(values.across ? { across: true } : {}),
      ...(values.ocr || ocrLanguages ? { ocr: true } : {}),
      ...(ocrLanguages ? { ocrLanguages } : {}),
    },
  };
}

/** Every root must be an existing folder: a typo is bad usage, not an empty result. */
export async function checkRoots(roots: string[]): Promise<void> {
  for (const root of roots) {
    const info = await stat(root).catch(() => undefined);
    if (!info) throw new UsageError(`${terminalPath(root)}: no such folder`);
    if (!info.isDirectory()) throw new UsageError(`${terminalPath(root)}: not a folder`);
  }
}

// Rules that rank the files of a cluster: the best-ranked file is the one to keep. Rules compose:
// the first rule decides, later ones only break its ties, and the path breaks what is left, so
// the same report and rules always keep the same file.
import { isWithin } from '../paths/isWithin.ts';
import type { DocumentFormat, ReportFile } from '../report.ts';

export type KeepRule =
  | { kind: 'newest' }
  | { kind: 'oldest' }
  | { kind: 'largest' }
  | { kind: 'shortest-path' }
  | { kind: 'in-folder'; folder: string; names?: string[] }
  | { kind: 'not-in-folder'; folder: string; names?: string[] }
  | { kind: 'format-order'; formats: DocumentFormat[] };

export class KeepRuleError extends Error {}

const FORMATS: readonly DocumentFormat[] = ['pdf', 'html', 'text', 'docx', 'odt', 'rtf', 'epub', 'doc', 'pptx', 'odp', 'xlsx', 'ods', 'eml'];

/**
 * Parses the CLI form of a rule: newest, oldest, largest, shortest-path, in:FOLDER,
 * not-in:FOLDER, format:pdf>html>text. Folders must already be absolute.
 */
export function parseKeepRule(text: string): KeepRule {
  if (text === 'newest' || text === 'oldest' || text === 'largest' || text === 'shortest-path') return { kind: text };
  const colon = text.indexOf(':');
  const name = colon < 0 ? text : text.slice(0, colon);
  const value = colon < 0 ? '' : text.slice(colon + 1);
  if ((name === 'in' || name === 'not-in') && value !== '') {
    return name === 'in' ? { kind: 'in-folder', folder: value } : { kind: 'not-in-folder', folder: value };
  }
  if (name === 'format' && value !== '') {
    const formats = value.split('>').map((f) => f.trim());
    for (const format of formats) {
      if (!(FORMATS as readonly string[]).includes(format)) throw new KeepRuleError(`format '${format}' is not one of ${FORMATS.join(', ')}`);
    }
    return { kind: 'format-order', formats: formats as DocumentFormat[] };
  }
  throw new KeepRuleError(`'${text}' is not a keep rule (newest, oldest, largest, shortest-path, in:DIR, not-in:DIR, format:pdf>html>text)`);
}

/**
 * Whether the file lies in the rule's folder, by any of its names: the engine finds the other
 * names a report uses for the same folder (a bind mount, another case on a case-insensitive
 * volume) by identity, as this pure code cannot (electron/node/actions/folderIdentity.ts).
 */
function inRuleFolder(file: ReportFile, rule: { folder: string; names?: string[] }): boolean {
  return isWithin(file.path, rule.folder) || (rule.names?.some((name) => isWithin(file.path, name)) ?? false);
}

/** Negative when `a` is the better file to keep under this rule, 0 when the rule cannot tell. */
export function compareByRule(rule: KeepRule, a: ReportFile, b: ReportFile): number {
  switch (rule.kind) {
    case 'newest':
      return b.mtime - a.mtime;
    case 'oldest':
      return a.mtime - b.mtime;
    case 'largest':
      return b.size - a.size;
    case 'shortest-path':
      return a.path.length - b.path.length;
    case 'in-folder':
      return Number(inRuleFolder(b, rule)) - Number(inRuleFolder(a, rule));
    case 'not-in-folder':
      return Number(inRuleFolder(a, rule)) - Number(inRuleFolder(b, rule));
    case 'format-order': {
      // Formats not in the list (or unknown) rank after every listed one.
      const rank = (f: ReportFile) => {
        const at = f.format === undefined ? -1 : rule.formats.indexOf(f.format);
        return at < 0 ? rule.formats.length : at;
      };
      return rank(a) - rank(b);
    }
  }
}

/** The files in keep order: the first one is the one to keep. */
export function rankFiles(files: readonly ReportFile[], rules: readonly KeepRule[]): ReportFile[] {
  return [...files].sort((a, b) => {
    for (const rule of rules) {
      const order = compareByRule(rule, a, b);
      if (order !== 0) return order;
    }
    return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
  });
}

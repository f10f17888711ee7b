// The text of a cluster's file for the side-by-side view, extracted in worker threads like the
// scan's (the same parsers, the same time and memory limits against hostile files).
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Cluster, ReportFile } from '../../../shared/report.ts';
import { candidateFormat } from '../extract/detectFormat.ts';
import { createExtractPool } from '../extract/extractPool.ts';
import type { ExtractPool } from '../extract/extractPool.ts';

/** About 2 MB of text: more than anyone reads side by side, little enough for the IPC and a diff. */
export const MAX_TEXT_CHARS = 2 * 1024 * 1024;
// Scans whose OCR text is kept for the view (the last ones shown): a page takes seconds to read.
const KEPT_SCAN_TEXTS = 8;

export interface DocumentTexts {
  text(cluster: Cluster, file: ReportFile): Promise<{ text: string; truncated: boolean }>;
  dispose(): Promise<void>;
}

export function createDocumentTexts(maxChars = MAX_TEXT_CHARS): DocumentTexts {
  // Started on the first request: many sessions only list clusters, and idle threads cost memory.
  let pool: ExtractPool | undefined;
  // A scan's text is what OCR read of it, as the scan measured it: read again with OCR (one thread).
  let ocrPool: ExtractPool | undefined;
  // What OCR read of a scan, by path, while the file keeps the identity it had when read: a file
  // changed since (another inode, size, mtime or ctime) is read again.
  const scanTexts = new Map<string, { identity: string; text: string }>();
  return {
    async text(cluster, file) {
      if (cluster.kind === 'exact' && !file.format && candidateFormat(file.path) === null) {
        throw new Error(`${basename(file.path)} is not a document, so it has no text to show; the files of this cluster are byte-identical`);
      }
      const identity = file.scanned ? await fileIdentityNow(file.path) : undefined;
      const kept = scanTexts.get(file.path);
      if (identity !== undefined && kept?.identity === identity) return cap(kept.text, maxChars);
      const reader = file.scanned ? (ocrPool ??= createExtractPool({ threads: 1, ocr: true })) : (pool ??= createExtractPool({ threads: 2 }));
      const result = await reader.extract(file.path);
      if (!result.ok) throw new Error(`Cannot show the text of ${basename(file.path)}: ${result.message} (${result.code})`);
      if (identity !== undefined) {
        scanTexts.delete(file.path);
        scanTexts.set(file.path, { identity, text: result.text });
        if (scanTexts.size > KEPT_SCAN_TEXTS) scanTexts.delete(scanTexts.keys().next().value!);
      }
      return cap(result.text, maxChars);
    },
    async dispose() {
      scanTexts.clear();
      await Promise.all([pool?.destroy(), ocrPool?.destroy()]);
      pool = undefined;
      ocrPool = undefined;
    },
  };
}

/** The file's identity as read before it is read: undefined when it cannot be stat'ed (the read then says why). */
async function fileIdentityNow(path: string): Promise<string | undefined> {
  try {
    const { dev, ino, size, mtimeNs, ctimeNs } = await stat(path, { bigint: true });
    return `${dev}:${ino}:${size}:${mtimeNs}:${ctimeNs}`;
  } catch {
    return undefined;
  }
}

function cap(text: string, maxChars: number): { text: string; truncated: boolean } {
  if (text.length <= maxChars) return { text, truncated: false };
  // Never cut between the two halves of a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(text[maxChars - 1]!) ? maxChars - 1 : maxChars;
  return { text: text.slice(0, end), truncated: true };
}

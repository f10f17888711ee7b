// The user's folder for the end-to-end tests, with real documents: a report as .txt, the same
// text as .html and .pdf, an edited copy, byte-identical copies of a photo, unrelated notes,
// and enough other files that the scan has something to report progress on.
import { utimes } from 'node:fs/promises';
import { createTempTree } from '../helpers/tempTree.ts';
import type { TempTree } from '../helpers/tempTree.ts';
import { editEveryNthWord, prose, renderHtml, renderPdf } from '../helpers/documents.ts';

export const REPORT_TEXT = prose(1);
/** The edited copy has every EDIT_EVERY-th word of the report replaced by EDITED_WORD. */
export const EDIT_EVERY = 25;
export const EDITED_WORD = 'amended';
/** The report's words that the edited copy replaced, in order. */
export const REPLACED_WORDS = REPORT_TEXT.split(/\s+/).filter((_, i) => (i + 1) % EDIT_EVERY === 0);

const BULK_NOTES = 400;

/** Bytes that look like a photo: no text, same size in both copies. */
function photoBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let state = 12345;
  for (let i = 0; i < size; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

export async function createDocumentTree(): Promise<TempTree> {
  const photo = photoBytes(48_000);
  const files = {
    'Reports/annual-report.txt': REPORT_TEXT,
    'Reports/annual-report.html': renderHtml(REPORT_TEXT, 'Annual report'),
    'Reports/annual-report.pdf': await renderPdf(REPORT_TEXT),
    'Drafts/annual-report-edited.txt': editEveryNthWord(REPORT_TEXT, EDIT_EVERY, EDITED_WORD),
    'Photos/holiday.jpg': photo,
    'Backup/holiday (copy).jpg': photo,
    'Notes/minutes.txt': prose(2),
    'Notes/todo.txt': prose(3, 1, 3),
  };
  const tree = await createTempTree(files);
  // Written at once, the files' times would tie or fall in any order; a cluster is named by its
  // oldest file, so each is a minute older than the next, in the order listed (the original first).
  const first = Date.now() - 86_400_000;
  await Promise.all(Object.keys(files).map((name, i) => utimes(tree.path(name), new Date(first + i * 60_000), new Date(first + i * 60_000))));
  for (let i = 0; i < BULK_NOTES; i++) await tree.write(`Archive/${Math.floor(i / 100)}/note-${i}.txt`, prose(1000 + i, 2, 4));
  return tree;
}

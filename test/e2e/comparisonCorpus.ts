// A five-member near cluster for the comparison tests: a long contract, a copy with a section
// inserted near its start, one with a word revised here and there, one edited only towards its
// end, and the original's HTML rendering (the same text). Long names that differ only at the end.
import type { TempTree } from '../helpers/tempTree.ts';
import { editEveryNthWord, prose, renderHtml } from '../helpers/documents.ts';

export const CONTRACT = 'contract-agreement-final-version';
const ORIGINAL = prose(77, 30, 6);

export const contractNames = {
  original: `${CONTRACT}-original.txt`,
  inserted: `${CONTRACT}-inserted.txt`,
  revised: `${CONTRACT}-revised.txt`,
  tailEdits: `${CONTRACT}-tail-edits.txt`,
  html: `${CONTRACT}-original.html`,
};

export async function writeContracts(tree: TempTree): Promise<void> {
  const paragraphs = ORIGINAL.split('\n\n');
  const inserted = [...paragraphs.slice(0, 6), ...prose(78, 7, 6).split('\n\n'), ...paragraphs.slice(6)].join('\n\n');
  const tail = [...paragraphs.slice(0, 22), editEveryNthWord(paragraphs.slice(22).join('\n\n'), 15, 'changed')].join('\n\n');
  await tree.write(`Contracts/${contractNames.original}`, ORIGINAL);
  await tree.write(`Contracts/${contractNames.inserted}`, inserted);
  await tree.write(`Contracts/${contractNames.revised}`, editEveryNthWord(ORIGINAL, 40, 'revised'));
  await tree.write(`Contracts/${contractNames.tailEdits}`, tail);
  await tree.write(`Contracts/${contractNames.html}`, renderHtml(ORIGINAL, 'Contract'));
}

/** Sentences of the original's later half, from the paragraphs after the insertion and before the edited tail. */
export function laterSentences(): string[] {
  return ORIGINAL.split('\n\n')
    .slice(14, 20)
    .flatMap((paragraph) => paragraph.split(/(?<=\.) /));
}

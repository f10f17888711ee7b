// A home-like folder for the review benchmarks: Documents holds the person's files; Backup holds
// an old copy of Documents; Downloads holds what they downloaded again, some of it as HTML.
// Every document is one of four cases, so the ground truth of "keep what is in Documents, remove
// the copies in Downloads and Backup, keep every edited version" is known file by file.
import { editEveryNthWord, prose, renderHtml } from '../helpers/documents.ts';
import type { TempTree } from '../helpers/tempTree.ts';

export interface HomeTree {
  /** Relative path of every file written, with whether the intent removes it. */
  intent: Map<string, 'keep' | 'remove'>;
  /** How many clusters the scan should find. */
  clusters: number;
}

/**
 * Writes `documents` documents (one cluster each) into `tree`, cycling through:
 *  - a byte copy in Backup and another in Downloads (an exact cluster of three);
 *  - the same text as .html in Downloads and a byte copy in Backup (a near cluster, same text);
 *  - an edited version beside it in Documents, with the Backup holding a byte copy of the edited
 *    version and Downloads a byte copy of the original (a near cluster with an edit to keep);
 *  - a copy only in Backup, under the same name (an exact pair).
 */
export async function writeHomeTree(tree: TempTree, documents: number): Promise<HomeTree> {
  const intent = new Map<string, 'keep' | 'remove'>();
  const put = async (path: string, content: string, fate: 'keep' | 'remove') => {
    await tree.write(path, content);
    intent.set(path, fate);
  };
  for (let i = 0; i < documents; i++) {
    const name = `${['letter', 'invoice', 'contract', 'notes', 'report', 'minutes'][i % 6]}-${String(i).padStart(3, '0')}`;
    const folder = ['Work', 'Home', 'Taxes', 'Licenses'][i % 4];
    const text = prose(5000 + i, 3, 5);
    const original = `Documents/${folder}/${name}.txt`;
    await put(original, text, 'keep');
    switch (i % 4) {
      case 0:
        await put(`Backup/Documents-2023/${folder}/${name}.txt`, text, 'remove');
        await put(`Downloads/${name}.txt`, text, 'remove');
        break;
      case 1:
        await put(`Downloads/${name}.html`, renderHtml(text, name), 'remove');
        await put(`Backup/Documents-2023/${folder}/${name}.txt`, text, 'remove');
        break;
      case 2: {
        const edited = editEveryNthWord(text, 9, 'revised');
        await put(`Documents/${folder}/${name}-v2.txt`, edited, 'keep');
        await put(`Backup/Documents-2023/${folder}/${name}-v2.txt`, edited, 'remove');
        await put(`Downloads/${name}.txt`, text, 'remove');
        break;
      }
      default:
        await put(`Backup/Documents-2023/${folder}/${name}.txt`, text, 'remove');
    }
  }
  return { intent, clusters: documents };
}

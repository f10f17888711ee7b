// Honest figures in `shingle scan`'s text output, on real files: a member of another text is never
// shown 100 % alike (floored, and at most 99.9 %), one text in several files is said to be
// identical, and a near cluster names its byte copies and same texts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanReport } from '../../../../shared/report.ts';
import { prose, renderHtml } from '../../../helpers/documents.ts';
import { runCli } from '../../../helpers/runCli.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

const paragraph = prose(51, 1);
const notes = prose(52);

describe('shingle scan figures', () => {
  let tree: TempTree;
  let human: string;
  let report: ScanReport;
  beforeAll(async () => {
    tree = await createTempTree({
      // Every word shingle of the one is in the other: resemblance 1, yet not the same text.
      'repeated/twice.txt': `${paragraph}\n\n${paragraph}`,
      'repeated/thrice.txt': `${paragraph}\n\n${paragraph}\n\n${paragraph}`,
      'notes/notes.txt': notes,
      'notes/copy/notes.txt': notes,
      'notes/notes.html': renderHtml(notes),
    });
    const scanned = await runCli(['scan', tree.root, '--no-index']);
    expect(scanned.code, scanned.stderr).toBe(0);
    human = scanned.stdout;
    report = JSON.parse((await runCli(['scan', tree.root, '--no-index', '--json'])).stdout) as ScanReport;
  });
  afterAll(() => tree.remove());

  it('never shows 100 % for a member of another text, even one sharing every shingle', () => {
    const repeated = report.clusters.find((c) => c.files.some((f) => f.path === tree.path('repeated/twice.txt')))!;
    expect(repeated.kind).toBe('near');
    expect(repeated.similarity).toBe(0.999);
    expect(repeated.files[1]!.similarity).toBe(0.999);
    expect(human).toContain('2 near-duplicates, each ≥ 99% similar to the first');
    expect(human).not.toContain('100%');
  });

  it('says a text held in several files is identical, and names each file\'s byte twin or same text', () => {
    expect(human).toContain('3 files of identical text');
    const lines = human.split('\n');
    const line = (name: string) => lines.find((l) => l.startsWith(`    ${tree.path(name)}  `));
    const notesCluster = report.clusters.find((c) => c.files.some((f) => f.path === tree.path('notes/notes.txt')))!;
    for (const file of notesCluster.files.slice(1)) {
      const said = file.identical === 'bytes' ? 'same bytes as' : 'same text as';
      expect(line(file.path.slice(tree.root.length + 1)), file.path).toMatch(new RegExp(`\\(${said} ${file.matches!.replaceAll('/', '\\/')}\\)$`));
    }
    // The two .txt are byte twins: one names the other.
    const copy = notesCluster.files.find((f) => f.identical === 'bytes')!;
    expect([copy.path, copy.matches].sort()).toEqual([tree.path('notes/copy/notes.txt'), tree.path('notes/notes.txt')].sort());
  });
});

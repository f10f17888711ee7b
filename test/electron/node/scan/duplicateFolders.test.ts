// Duplicate folders through the whole scan and the CLI: real files, real workers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanReport } from '../../../../shared/report.ts';
import { editEveryNthWord, prose, renderHtml } from '../../../helpers/documents.ts';
import { renderDocx } from '../../../helpers/officeDocuments.ts';
import { runCli } from '../../../helpers/runCli.ts';
import { createTempTree } from '../../../helpers/tempTree.ts';
import type { TempTree } from '../../../helpers/tempTree.ts';

describe('duplicate folders in a scan', () => {
  let tree: TempTree;
  beforeAll(async () => {
    const files: Record<string, string | Uint8Array> = {};
    for (let i = 0; i < 10; i++) {
      const text = prose(100 + i, 3, 4);
      const sub = i < 5 ? 'letters' : 'reports';
      files[`Documents/${sub}/doc${i}.txt`] = text;
      // The backup holds byte copies, one as the same text converted to Word and HTML, and one edited.
      if (i === 0) files[`Old laptop/Documents/${sub}/doc${i}.docx`] = renderDocx(text);
      else if (i === 1) files[`Old laptop/Documents/${sub}/doc${i}.html`] = renderHtml(text);
      else if (i === 9) files[`Old laptop/Documents/${sub}/doc${i}.txt`] = editEveryNthWord(text, 15);
      else files[`Old laptop/Documents/${sub}/doc${i}.txt`] = text;
    }
    // Unrelated folders sharing one file.
    for (let i = 0; i < 6; i++) {
      files[`Projects/alpha/notes${i}.md`] = i === 0 ? 'Shared checklist for every project.\n' : prose(200 + i, 1, 3);
      files[`Projects/beta/notes${i}.md`] = i === 0 ? 'Shared checklist for every project.\n' : prose(300 + i, 1, 3);
    }
    tree = await createTempTree(files);
  });
  afterAll(() => tree.remove());

  it('reports the backup once, with same-text copies matched and the edited file on each side', async () => {
    const result = await runCli(['scan', tree.root, '--json', '--no-index']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as ScanReport;
    expect(report.folders).toHaveLength(1);
    const [match] = report.folders!;
    expect(match!.kind).toBe('folder');
    expect([...match!.folders].sort()).toEqual([tree.path('Documents'), tree.path('Old laptop/Documents')]);
    expect(match!.similarity).toBeGreaterThanOrEqual(0.8);
    expect(match!.similarity).toBeLessThan(1);
    expect([...match!.onlyInA, ...match!.onlyInB].sort()).toEqual([tree.path('Documents/reports/doc9.txt'), tree.path('Old laptop/Documents/reports/doc9.txt')]);
    expect(match!.matchedFiles).toBe(9);
  });

  it('lists folder matches first in the human output; --no-folders leaves them out', async () => {
    const human = await runCli(['scan', tree.root, '--no-index']);
    const lines = human.stdout.split('\n');
    expect(lines[0]).toMatch(/in copies · folders \d+% alike$/);
    expect(lines.slice(1, 3).sort()).toEqual([`    ${tree.path('Documents')}/  (1 file only here)`, `    ${tree.path('Old laptop/Documents')}/  (1 file only here)`]);
    expect(lines.at(-2)).toMatch(/: 1 duplicate folder pair, /);

    const without = JSON.parse((await runCli(['scan', tree.root, '--json', '--no-index', '--no-folders'])).stdout) as ScanReport;
    expect(without.folders).toBeUndefined();
    // Only the letters are a perfect copy (the edited file is a report).
    const strict = JSON.parse((await runCli(['scan', tree.root, '--json', '--no-index', '--folder-threshold', '1'])).stdout) as ScanReport;
    expect(strict.folders!.map((m) => [...m.folders].sort())).toEqual([[tree.path('Documents/letters'), tree.path('Old laptop/Documents/letters')]]);
    expect((await runCli(['scan', tree.root, '--folder-threshold', '2'])).code).toBe(2);
  });
});

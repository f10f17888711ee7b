// Open is offered for documents on the allowlist only; programs, scripts and everything else
// are revealed (issue 11, item 10: the old denylist missed .py, .chm, .xll, .library-ms…).
import { describe, expect, it } from 'vitest';
import { isOpenable } from '../../shared/openable.ts';

describe('isOpenable', () => {
  it('opens the documents Shingle reads', () => {
    for (const path of ['/d/a.txt', '/d/B.PDF', '/d/page.html', '/d/notes.md', 'C:\\Users\\ann\\report.pdf', '/d/data.csv', '/d/old.doc', '/d/talk.pptx', '/d/talk.odp', '/d/sums.xlsx', '/d/sums.ods', '/d/letter.eml']) expect(isOpenable(path), path).toBe(true);
  });

  it('reveals programs, scripts, and anything not on the list', () => {
    const refused = ['/d/tool.py', '/d/tool.pyw', '/d/help.chm', '/d/x.wsc', '/d/x.sct', '/d/addin.xll', '/d/q.iqy', '/d/lib.library-ms', '/d/run.sh', '/d/setup.exe', '/d/app.js', '/d/x.bat', '/d/x.ps1', '/d/photo.jpg', '/d/README', '/d/.txt', '/d/report.txt.exe', '/d.txt/program', '/d/x.appimage', '/d/macros.xlsm', '/d/macros.pptm'];
    for (const path of refused) expect(isOpenable(path), path).toBe(false);
  });
});

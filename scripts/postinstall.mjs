// npm install's last step: applies scripts/patches to the dependencies through patch-package.
// Plain JavaScript: without dev dependencies (npm ci --omit=dev) neither the project's Node 24 nor
// patch-package is there. pdf.js then stays as published — the same text, read more slowly —, the
// engine runs on the Node that runs npm, and the install goes on, saying both in one line.
import { spawnSync } from 'node:child_process';
import { warn } from 'node:console';
import { createRequire } from 'node:module';
import { execPath, exit } from 'node:process';

let patchPackage;
try {
  patchPackage = createRequire(import.meta.url).resolve('patch-package/index.js');
} catch {
  warn('shingle: no dev dependencies: pdf.js is left unpatched (PDFs are read more slowly), and shingle runs on this Node, which must be 22.18 or later');
  exit(0);
}
const applied = spawnSync(execPath, [patchPackage, '--patch-dir', 'scripts/patches', '--error-on-fail'], { stdio: 'inherit' });
exit(applied.status ?? 1);

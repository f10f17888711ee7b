// A PDF's page texts through poppler's `pdftotext`, where it is installed: it spends about a third
// of pdf.js's CPU per byte and keeps its memory out of the worker's heap. pdfText.ts falls back to
// pdf.js whenever this gives no answer, so a missing or failing pdftotext changes speed, not results.
//
// The child gets the bytes the worker already read and size-checked (on stdin, never a path that
// could have changed since), argument-safe spawning without a shell, and limits of its own: the
// kernel's CPU-time and address-space limits through prlimit(1), which hold even when the pool ends
// the worker that started it, and a cap on the text it may write.
import { spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { ExtractError, ExtractErrorCode } from './extractError.ts';

export interface PdftotextLimits {
  /** CPU seconds the child may use; the pool's wall-clock limit (30 s by default) usually ends it first. */
  cpuSeconds: number;
  /** Address space of the child, like the worker's heap limit. */
  memoryBytes: number;
  /** Text the child may write before it is ended. */
  maxTextBytes: number;
}

export const DEFAULT_PDFTOTEXT_LIMITS: PdftotextLimits = { cpuSeconds: 30, memoryBytes: 512 * 2 ** 20, maxTextBytes: 256 * 2 ** 20 };

// Content-stream order (-raw) is the order pdf.js reads text in; the default layout analysis
// would reorder columns and sub- and superscripts, so the two extractors would disagree more.
// Not -q: the errors on stderr tell a file poppler could not read from one without text.
const PDFTOTEXT_ARGS = ['-raw', '-enc', 'UTF-8', '-eol', 'unix', '-', '-'];
// Errors the child writes are kept only to say why it failed.
const MAX_STDERR_BYTES = 4096;

/** `SHINGLE_PDFTOTEXT=off` never uses pdftotext; a path uses that binary; unset looks on PATH. */
export const PDFTOTEXT_ENV = 'SHINGLE_PDFTOTEXT';

interface Tools {
  pdftotext: string;
  /** util-linux's prlimit, to set the child's limits; null where it is missing (not Linux). */
  prlimit: string | null;
}

let tools: Tools | null | undefined;

/** The pdftotext this worker uses, or null when there is none (or it is turned off); looked up once. */
export function pdftotextTools(): Tools | null {
  if (tools === undefined) tools = findPdftotext(process.env);
  return tools;
}

/** The pdftotext and prlimit an environment names or has on its PATH. */
export function findPdftotext(env: NodeJS.ProcessEnv): Tools | null {
  const setting = env[PDFTOTEXT_ENV]?.trim();
  if (setting === 'off' || setting === '0') return null;
  const path = env.PATH ?? '';
  const pdftotext = setting && isAbsolute(setting) ? executable(setting) : findOnPath('pdftotext', path);
  return pdftotext === null ? null : { pdftotext, prlimit: process.platform === 'linux' ? findOnPath('prlimit', path) : null };
}

function findOnPath(name: string, path: string): string | null {
  const names = process.platform === 'win32' ? [`${name}.exe`] : [name];
  for (const dir of path.split(delimiter)) {
    if (!isAbsolute(dir)) continue; // A relative PATH entry would run whatever the scanned folder holds.
    for (const file of names) {
      const found = executable(join(dir, file));
      if (found) return found;
    }
  }
  return null;
}

function executable(path: string): string | null {
  try {
    if (!statSync(path).isFile()) return null;
    accessSync(path, constants.X_OK);
    return path;
  } catch {
    return null;
  }
}

/**
 * The text of each page (lines split by "\n"), or null when pdftotext is missing, fails, or finds
 * no text while complaining about the file: pdf.js then decides, with its own error codes.
 * Throws ExtractError when the child runs past its time or memory limits.
 */
export function pdftotextPages(bytes: Uint8Array, limits: PdftotextLimits = DEFAULT_PDFTOTEXT_LIMITS): Promise<string[] | null> {
  const found = pdftotextTools();
  if (found === null) return Promise.resolve(null);
  const [command, args] = found.prlimit
    ? [found.prlimit, [`--as=${limits.memoryBytes}`, `--cpu=${limits.cpuSeconds}`, '--', found.pdftotext, ...PDFTOTEXT_ARGS]]
    : [found.pdftotext, PDFTOTEXT_ARGS];
  return new Promise((resolve, reject) => {
    let child;
    try {
      // Without prlimit, a wall-clock timer stands in for the CPU limit.
      const timer = found.prlimit ? {} : { timeout: limits.cpuSeconds * 1000, killSignal: 'SIGKILL' as const };
      child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true, ...timer });
    } catch {
      resolve(null); // No process to be had (EAGAIN, EMFILE): pdf.js reads the file instead.
      return;
    }
    const chunks: Buffer[] = [];
    let textBytes = 0;
    let stderr = '';
    let tooMuchText = false;
    child.stdout.on('data', (chunk: Buffer) => {
      textBytes += chunk.length;
      if (textBytes > limits.maxTextBytes) {
        tooMuchText = true;
        child.kill('SIGKILL');
      } else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < MAX_STDERR_BYTES) stderr += chunk.toString('utf8');
    });
    // A child that exits before reading all its input (a file it rejects early) closes the pipe.
    child.stdin.on('error', () => {});
    child.stdin.end(bytes);
    child.on('error', () => resolve(null)); // Could not start: removed since the worker looked.
    child.on('close', (code, signal) => {
      if (tooMuchText) {
        reject(new ExtractError(ExtractErrorCode.memory, `The PDF's text is larger than ${limits.maxTextBytes / 2 ** 20} MiB`));
      } else if (signal === 'SIGXCPU' || signal === 'SIGKILL') {
        reject(new ExtractError(ExtractErrorCode.timeout, `Extraction took longer than ${limits.cpuSeconds} s of CPU`));
      } else if (code !== 0) {
        resolve(null); // Encrypted, unreadable, out of memory: pdf.js says which.
      } else {
        const text = Buffer.concat(chunks).toString('utf8');
        // A broken file poppler could not read comes out empty with errors on stderr (and exit 0).
        resolve(stderr.trim() !== '' && !/[\p{L}\p{N}]/u.test(text) ? null : splitPages(text));
      }
    });
  });
}

/** pdftotext ends every page with a form feed. */
function splitPages(text: string): string[] {
  const pages = text.split('\f');
  if (pages.at(-1) === '') pages.pop();
  return pages;
}

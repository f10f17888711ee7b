// Finds the Electron executable, and gets it the supported way when it is missing: the electron
// package's own installer (node_modules/electron/install.js, which @electron/get downloads with,
// honouring ELECTRON_MIRROR, electron_config_cache and ELECTRON_OVERRIDE_DIST_PATH). npm does not
// run it at install time here (package.json allowScripts), so the first `npm start` does. The
// package's index.js is never required: it would download as a side effect, with a stack trace
// when that fails.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
const version = (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;

export const DOWNLOADING_ELECTRON = `shingle: Electron ${version} is not installed yet; downloading it with its installer (node node_modules/electron/install.js)…`;

export function downloadFailed(reason: string): string {
  return (
    `shingle: could not download Electron ${version} (${reason}). On a connected machine run \`npm start\` again; ` +
    'offline, unpack an Electron build and set ELECTRON_OVERRIDE_DIST_PATH to its folder.'
  );
}

/** The executable's path, or undefined when it was never downloaded. */
export function findElectronBinary(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const pathFile = join(packageDir, 'path.txt');
  // path.txt names the executable inside the download; the package falls back to "electron".
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  // The same override the package itself honours, for a binary kept elsewhere.
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  const binary = override ? join(override, executable ?? 'electron') : executable && join(packageDir, 'dist', executable);
  return binary && existsSync(binary) ? binary : undefined;
}

/** The binary, downloaded first if need be; on failure one line on stderr and exit 1. */
export async function ensureElectronBinary(): Promise<string> {
  const found = findElectronBinary();
  if (found) return found;
  process.stderr.write(`${DOWNLOADING_ELECTRON}\n`);
  const failure = await runInstaller();
  const binary = failure === undefined ? findElectronBinary() : undefined;
  if (!binary) {
    process.stderr.write(`${downloadFailed(failure ?? 'the installer finished without a binary')}\n`);
    process.exit(1);
  }
  return binary;
}

/** Runs the package's installer; resolves with the reason it failed, or undefined. */
function runInstaller(): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(packageDir, 'install.js')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => resolve(error.message));
    child.on('exit', (code) => {
      // The installer prints a stack; its first line says what went wrong ("TypeError: fetch failed").
      const first = stderr.split('\n').find((line) => line.trim() !== '')?.trim() ?? `exit code ${code}`;
      resolve(code === 0 ? undefined : first.replace(/^\w*Error: /, ''));
    });
  });
}

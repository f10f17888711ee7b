// Other names of one folder for the tests of folders by identity: a bind mount, and a
// case-insensitive (casefolded) tmpfs, each made in a mount namespace of its own (unshare), as an
// unprivileged user where the system lets users make namespaces; the mounts go with the process.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function probe(mount: string): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'shingle-probe-'));
  try {
    const result = spawnSync('unshare', ['-rm', 'sh', '-c', mount, dir], { encoding: 'utf8' });
    if (result.error) return `no unshare command (${result.error.message})`;
    // mount's first line, without the probe's temporary folder: a skip reason is one line.
    return result.status === 0 ? undefined : (result.stderr.trim().split('\n')[0] ?? '').replaceAll(`${dir}: `, '').replaceAll(dir, 'a folder');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Why no bind mount can be made here, or undefined when one can. */
export function bindMountUnavailable(): string | undefined {
  const problem = probe('mount --bind "$0" "$0"');
  return problem && `this system does not let a test bind-mount a folder in a namespace of its own: ${problem}`;
}

/** Why no case-insensitive folder can be made here (a casefolded tmpfs needs a kernel built with CONFIG_UNICODE), or undefined. */
export function caseInsensitiveUnavailable(): string | undefined {
  const problem = probe('mount -t tmpfs -o casefold tmpfs "$0"');
  if (problem === undefined) return undefined;
  // tmpfs lists casefold among its features (since 6.13) only in a kernel built with CONFIG_UNICODE: the precise reason.
  const noFeature = existsSync('/sys/fs/tmpfs/features') && !existsSync('/sys/fs/tmpfs/features/casefold');
  const why = noFeature ? 'this kernel has no casefold (/sys/fs/tmpfs/features lists none: built without CONFIG_UNICODE)' : `a casefolded tmpfs in a namespace was refused (${problem})`;
  return `no case-insensitive folder can be made here: ${why}; ext4 or FAT need mkfs, a loop device and root`;
}

export interface ShellResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `script` (sh) in a mount namespace of its own, `env` added to the environment. */
export function inMountNamespace(script: string, env: Record<string, string>): Promise<ShellResult> {
  const child = spawn('unshare', ['-rm', 'sh', '-c', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

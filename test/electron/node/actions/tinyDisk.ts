// A tiny disk for the tests of a full or read-only disk under the journal: a tmpfs of a few
// kilobytes mounted, in a mount namespace of its own (unshare), on a folder of the test's tree.
// No root needed where the system lets users make namespaces; the mount goes with the process.
import { spawn, spawnSync } from 'node:child_process';

/** Why no tiny disk can be made here, or undefined when one can. */
export function tinyDiskUnavailable(): string | undefined {
  const probe = spawnSync('unshare', ['-rm', 'sh', '-c', 'mount -t tmpfs -o size=64k tmpfs "$0"', '/tmp'], { encoding: 'utf8' });
  if (probe.error) return `no unshare command (${probe.error.message})`;
  return probe.status === 0 ? undefined : `this system does not let a test mount a tmpfs in a namespace of its own: ${probe.stderr.trim()}`;
}

export interface ShellResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `script` (sh) with a tmpfs of `kilobytes` mounted on `mountPoint` (an empty folder), in
 * its own mount namespace; `$DISK` names the mount point, and `env` is added to the environment.
 */
export function onTinyDisk(mountPoint: string, kilobytes: number, script: string, env: Record<string, string> = {}): Promise<ShellResult> {
  const child = spawn('unshare', ['-rm', 'sh', '-c', `mount -t tmpfs -o size=${kilobytes}k tmpfs "$DISK" || exit 99\n${script}`], {
    env: { ...process.env, ...env, DISK: mountPoint },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Shell that fills the tiny disk to its last block. */
export const FILL_DISK = 'dd if=/dev/zero of="$DISK/filler" bs=4k 2>/dev/null; true';

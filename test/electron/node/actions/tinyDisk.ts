// A tiny disk for the tests of a full or read-only disk under the journal: a tmpfs of a few
// kilobytes mounted, in a mount namespace of its own (unshare), on a folder of the test's tree.
// No root needed where the system lets users make namespaces; the mount goes with the process.
import { spawnSync } from 'node:child_process';
import { inMountNamespace } from './mountNamespace.ts';
import type { ShellResult } from './mountNamespace.ts';

export type { ShellResult } from './mountNamespace.ts';

/** Why no tiny disk can be made here, or undefined when one can. */
export function tinyDiskUnavailable(): string | undefined {
  const probe = spawnSync('unshare', ['-rm', 'sh', '-c', 'mount -t tmpfs -o size=64k tmpfs "$0"', '/tmp'], { encoding: 'utf8' });
  if (probe.error) return `no unshare command (${probe.error.message})`;
  return probe.status === 0 ? undefined : `this system does not let a test mount a tmpfs in a namespace of its own: ${probe.stderr.trim()}`;
}

/**
 * Runs `script` (sh) with a tmpfs of `kilobytes` mounted on `mountPoint` (an empty folder), in
 * its own mount namespace; `$DISK` names the mount point, and `env` is added to the environment.
 */
export function onTinyDisk(mountPoint: string, kilobytes: number, script: string, env: Record<string, string> = {}): Promise<ShellResult> {
  return inMountNamespace(`mount -t tmpfs -o size=${kilobytes}k tmpfs "$DISK" || exit 99\n${script}`, { ...env, DISK: mountPoint });
}

/** Shell that fills the tiny disk to its last block. */
export const FILL_DISK = 'dd if=/dev/zero of="$DISK/filler" bs=4k 2>/dev/null; true';

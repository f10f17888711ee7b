// Runs one command and measures it: wall time here, peak RSS from GNU time, because Node's
// resourceUsage() only covers this process and not its children.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, release, totalmem } from 'node:os';
import { join } from 'node:path';

export const GNU_TIME = '/usr/bin/time';

export interface Measurement {
  seconds: number;
  /** Maximum resident set size of the tool's process; undefined without GNU time. */
  peakRssMB: number | undefined;
  /** User + system CPU time of the tool and its threads; undefined without GNU time. */
  cpuSeconds?: number;
  exitCode: number;
  /** The end of what the tool wrote on stderr, for error messages. */
  stderrTail: string;
}

export async function measure(
  executable: string,
  args: string[],
  options: { cwd: string; stdoutFile?: string },
): Promise<Measurement> {
  const rssFile = join(options.cwd, 'peak-rss.txt');
  const timed = existsSync(GNU_TIME);
  const stdout = options.stdoutFile ? openSync(options.stdoutFile, 'w') : 'ignore';
  const started = performance.now();
  try {
    const child = spawn(timed ? GNU_TIME : executable, timed ? ['-f', '%M %U %S', '-o', rssFile, executable, ...args] : args, {
      cwd: options.cwd,
      stdio: ['ignore', stdout, 'pipe'],
    });
    let stderrTail = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderrTail = (stderrTail + chunk).slice(-2000)));
    const exitCode = await new Promise<number>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => resolve(code ?? 128));
    });
    const seconds = (performance.now() - started) / 1000;
    // GNU time puts "Command exited with non-zero status N" before the figures when the tool fails.
    const [rssKB, user, system] = timed ? (readFileSync(rssFile, 'utf8').trim().split('\n').at(-1) ?? '').split(' ').map(Number) : [];
    const cpuSeconds = (user ?? NaN) + (system ?? NaN);
    return {
      seconds,
      peakRssMB: rssKB !== undefined && Number.isFinite(rssKB) ? rssKB / 1024 : undefined,
      ...(Number.isFinite(cpuSeconds) ? { cpuSeconds } : {}),
      exitCode,
      stderrTail,
    };
  } finally {
    if (typeof stdout === 'number') closeSync(stdout);
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

export function machineInfo(path: string): string[] {
  const fsType = spawnSync('df', ['--output=fstype', path], { encoding: 'utf8' }).stdout?.split('\n')[1]?.trim();
  return [
    `CPU: ${cpus()[0]?.model ?? 'unknown'}, nproc ${availableParallelism()}`,
    `RAM: ${(totalmem() / 2 ** 30).toFixed(1)} GiB, kernel ${release()}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
    `File system under ${path}: ${fsType || 'unknown'}`,
  ];
}

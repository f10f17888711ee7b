#!/usr/bin/env node
// The `shingle` command. Exit codes: 0 done (per-file errors are listed, not fatal),
// 1 the engine failed, 2 bad usage, 130 cancelled with Ctrl-C, 141 its reader closed the output
// early. See harness.ts.
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';

// The compile cache (start-up is most of a small scan) is enabled by shingle.mjs, the command's
// entry point, in the user's cache folder; run directly, as the tests do, this leaves no cache.
// V8 grows the young generation up to 64 MB while a scan keeps what it allocates (a record per
// file), and the process keeps those pages: on 50,000 files peak RSS was 255 MB with it, 180 MB
// without, for the same CPU time. Read at each growth, so it holds though set after start-up.
setFlagsFromString('--semi-space-growth-factor=1');
const { ExitCode, runCommand, takeDebugFlag } = await import('./harness.ts');

// A reader that stops early (`shingle scan … | head`) wants no more: end quietly, as a program
// killed by the pipe ends (141, as the shell reports SIGPIPE; or the command's own code if it had
// one), rather than on an unhandled 'error' with a stack. Any other failure to write the output
// (a full disk) is one line. Ending here is what a kill at that moment would do: the index and the
// journal are kept whole through that by design.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') process.stderr.write(`shingle: cannot write the output: ${error.message}\n`);
  const own = typeof process.exitCode === 'number' ? process.exitCode : undefined;
  process.exit(own ?? (error.code === 'EPIPE' ? ExitCode.brokenPipe : ExitCode.failed));
});

const usage = `Usage: shingle <command> [options]

Commands:
  scan <dir>...   find duplicate and near-duplicate files (shingle scan --help)
  watch <dir>...  scan, then follow the folders and print each change (shingle watch --help)
  apply REPORT    keep one file per group and trash, delete, hardlink or move the others (shingle apply --help)
  undo [BATCH]    put back what a batch of apply did (shingle undo --help)
  export REPORT   print a report's groups as CSV or JSON (shingle export --help)

Every command takes --debug: a failure then prints its stack trace. shingle --version prints the version.`;

async function main(argv: string[]): Promise<number> {
  const { argv: args, debug } = takeDebugFlag(argv);
  const [command, ...rest] = args;
  if (command === 'scan') return runCommand('scan', rest, (await import('./scanCommand.ts')).scanCommand, { debug });
  if (command === 'watch') return runCommand('watch', rest, (await import('./watchCommand.ts')).watchCommand, { debug });
  if (command === 'apply') return runCommand('apply', rest, (await import('./applyCommand.ts')).applyCommand, { debug });
  if (command === 'undo') return runCommand('undo', rest, (await import('./undoCommand.ts')).undoCommand, { debug });
  if (command === 'export') return runCommand('export', rest, (await import('./exportCommand.ts')).exportCommand, { debug });
  if (command === '--version' || command === '-V') {
    const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
    process.stdout.write(`shingle ${version}\n`);
    return ExitCode.ok;
  }
  if (command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(`${usage}\n`);
    return ExitCode.ok;
  }
  // Without a command, the usage is the error message: stdout stays for data.
  process.stderr.write(command === undefined ? `${usage}\n` : `shingle: unknown command '${command}' (try 'shingle --help')\n`);
  return ExitCode.usage;
}

process.exitCode = await main(process.argv.slice(2));
// Cancelled: the workers have stopped and what was to be printed is printed. Exiting now spares
// the wait for the event loop to drain and the engine's memory to be torn down (seconds after a
// large scan), so Ctrl-C ends the command at once.
if (process.exitCode === ExitCode.cancelled) process.exit();

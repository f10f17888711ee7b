#!/usr/bin/env node
// The `shingle` command. Exit codes: 0 done (per-file errors are listed, not fatal),
// 1 the engine failed, 2 bad usage, 130 cancelled with Ctrl-C.
import { enableCompileCache } from 'node:module';

// Caches compiled code on disk (this process and its worker threads): start-up is most of a small scan.
enableCompileCache();
const { runScanCommand } = await import('./scanCommand.ts');

const usage = `Usage: shingle <command> [options]

Commands:
  scan <dir>...   find duplicate and near-duplicate files (shingle scan --help)
  watch <dir>...  scan, then follow the folders and print each change (shingle watch --help)
  apply REPORT    keep one file per group and trash, delete, hardlink or move the others (shingle apply --help)
  undo [BATCH]    put back what a batch of apply did (shingle undo --help)
  export REPORT   print a report's groups as CSV or JSON (shingle export --help)`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'scan') return runScanCommand(rest);
  if (command === 'watch') return (await import('./watchCommand.ts')).runWatchCommand(rest);
  if (command === 'apply') return (await import('./applyCommand.ts')).runApplyCommand(rest);
  if (command === 'undo') return (await import('./undoCommand.ts')).runUndoCommand(rest);
  if (command === 'export') return (await import('./exportCommand.ts')).runExportCommand(rest);
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(`${usage}\n`);
    return command === undefined ? 2 : 0;
  }
  process.stderr.write(`shingle: unknown command '${command}' (try 'shingle --help')\n`);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));

#!/usr/bin/env node
// The `shingle` command. Exit codes: 0 done (per-file errors are listed, not fatal),
// 1 the engine failed, 2 bad usage, 130 cancelled with Ctrl-C.
import { runScanCommand } from './scanCommand.ts';

const usage = `Usage: shingle <command> [options]

Commands:
  scan <dir>...   find duplicate and near-duplicate files (shingle scan --help)`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'scan') return runScanCommand(rest);
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(`${usage}\n`);
    return command === undefined ? 2 : 0;
  }
  process.stderr.write(`shingle: unknown command '${command}' (try 'shingle --help')\n`);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));

// One way for every `shingle` command to run: arguments parsed alike, usage errors in one line on
// stderr (exit 2), failures in one line (exit 1; the stack only with --debug), Ctrl-C (130).
// stdout is data only. A command's body throws UsageError for bad usage and anything else for a
// failure; it returns its own exit code otherwise (e.g. 1 when some steps were refused).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { terminalText } from './terminalText.ts';

export const ExitCode = { ok: 0, failed: 1, usage: 2, cancelled: 130, brokenPipe: 141 } as const;

/** Bad usage: the message is printed as `shingle <command>: <message>` and the exit code is 2. */
export class UsageError extends Error {}

/** A failure that needs no stack: its message says it all (an unusable index, a vanished folder). */
export class CommandFailure extends Error {
  readonly exitCode: number;

  constructor(message: string, options: { exitCode?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.exitCode = options.exitCode ?? ExitCode.failed;
  }
}

export interface CommandContext {
  /** Aborted by the first Ctrl-C; a second one exits at once. */
  signal: AbortSignal;
  debug: boolean;
  cwd: string;
  /** One line on stderr, `shingle <command>: <text>`, terminal-safe. */
  warn(text: string): void;
}

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * Parses a command's arguments (strict, with -h/--help added); a mistake throws UsageError with
 * node's first line. `allowNegative` lets boolean options be turned off with --no-NAME.
 */
export function parseCommandArgs<T extends Options>(argv: string[], options: T, config: { allowNegative?: boolean } = {}) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, strict: true, allowNegative: config.allowNegative ?? false, options: { ...options, help: { type: 'boolean', short: 'h', default: false } } });
  } catch (error) {
    throw new UsageError(ambiguousValue(argv, (error as Error).message) ?? firstLine((error as Error).message));
  }
}

/** node's "argument is ambiguous" for `--min-size -5` or `--index --json`, said plainly. */
function ambiguousValue(argv: string[], message: string): string | undefined {
  const option = /^Option '(-[^ ']+)' argument is ambiguous/.exec(message)?.[1];
  if (option === undefined) return undefined;
  const value = argv[argv.indexOf(option) + 1];
  const spelled = /use '(--[^=']+)=/.exec(message)?.[1] ?? option;
  if (value !== undefined && /^-\d/.test(value)) return `${spelled}: '${value}' is negative`;
  return `${spelled} needs a value${value === undefined ? '' : ` (got '${value}'; write ${spelled}=${value} if that is the value)`}`;
}

/** Takes `--debug` out of the arguments (before any `--`), wherever it is. */
export function takeDebugFlag(argv: string[]): { argv: string[]; debug: boolean } {
  const end = argv.includes('--') ? argv.indexOf('--') : argv.length;
  const kept = argv.filter((arg, i) => i >= end || arg !== '--debug');
  return { argv: kept, debug: kept.length !== argv.length };
}

/** Prints a command's --help on stdout. */
export function printHelp(usage: string): number {
  process.stdout.write(`${usage}\n`);
  return ExitCode.ok;
}

/** The first Ctrl-C aborts `signal` so the command can stop its workers; a second exits at once (130). */
function cancelOnCtrlC(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const onSigint = () => {
    if (controller.signal.aborted) process.exit(ExitCode.cancelled);
    controller.abort(new Error('cancelled'));
  };
  process.on('SIGINT', onSigint);
  return { signal: controller.signal, dispose: () => process.off('SIGINT', onSigint) };
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.trim();
}

/**
 * The first of `argv` that Node decoded from bytes that are not UTF-8, as /proc/self/cmdline
 * shows them (Linux; elsewhere the system passes arguments as Unicode). A name that really holds
 * U+FFFD (a broken unzip's) is not one.
 */
function garbledArgument(argv: readonly string[]): string | undefined {
  if (process.platform !== 'linux' || !argv.some((arg) => arg.includes('\uFFFD'))) return undefined;
  let raw: Buffer;
  try {
    raw = readFileSync('/proc/self/cmdline');
  } catch {
    return undefined;
  }
  const changed = new Set<string>();
  for (let start = 0; start < raw.length; ) {
    const end = raw.indexOf(0, start);
    const bytes = raw.subarray(start, end < 0 ? raw.length : end);
    const text = bytes.toString('utf8');
    if (text.includes('\uFFFD') && !Buffer.from(text).equals(bytes)) changed.add(text);
    start = end < 0 ? raw.length : end + 1;
  }
  return argv.find((arg) => changed.has(arg));
}

/** Runs a command body under the harness; returns the exit code. */
export async function runCommand(name: string, argv: string[], body: (argv: string[], context: CommandContext) => Promise<number>, options: { debug?: boolean } = {}): Promise<number> {
  const flag = takeDebugFlag(argv);
  const debug = (options.debug ?? false) || flag.debug;
  const say = (text: string) => process.stderr.write(`shingle ${name}: ${terminalText(text)}\n`);
  // Node decodes the arguments as UTF-8 and replaces what is not (a Latin-1 folder name's bytes)
  // with U+FFFD: such a path names another file or none, and a folder made from it (--to) would
  // be another folder. Said before anything runs.
  const garbled = garbledArgument(flag.argv);
  if (garbled !== undefined) {
    say(`${garbled.replaceAll('\uFFFD', '?')}: holds bytes that are not UTF-8, which Node cannot pass on (each ? here): name a folder above it, or rename it`);
    return ExitCode.usage;
  }
  const ctrlC = cancelOnCtrlC();
  try {
    return await body(flag.argv, { signal: ctrlC.signal, debug, cwd: process.cwd(), warn: say });
  } catch (error) {
    if (error instanceof UsageError) {
      say(firstLine(error.message));
      return ExitCode.usage;
    }
    if (ctrlC.signal.aborted) {
      say('cancelled');
      return ExitCode.cancelled;
    }
    const message = error instanceof Error ? error.message : String(error);
    say(error instanceof CommandFailure ? firstLine(message) : `failed: ${firstLine(message) || 'unknown error'}${debug ? '' : ' (run with --debug for details)'}`);
    if (debug && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    return error instanceof CommandFailure ? error.exitCode : ExitCode.failed;
  } finally {
    ctrlC.dispose();
  }
}

// How a scan reports a file it could not read: in words, and once. A file whose hashing failed
// would fail again in extraction, and the report listed it twice, once with Node's raw message.
import { getSystemErrorMessage } from 'node:util';
import type { ScanError } from '../../../shared/report.ts';

/** A system error in words ("Could not open: permission denied."), or undefined if it is none. */
export function systemErrorText(error: NodeJS.ErrnoException): string | undefined {
  const { errno, syscall } = error;
  if (errno === undefined) return undefined;
  return `Could not ${syscall ?? 'read'}: ${getSystemErrorMessage(errno)}.`;
}

/** The first error of each path, in order. */
export function firstErrorPerPath(errors: readonly ScanError[]): ScanError[] {
  const seen = new Set<string>();
  return errors.filter((error) => !seen.has(error.path) && (seen.add(error.path), true));
}

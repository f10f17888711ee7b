// An e-mail is compared by its body alone: its attachments and inline pictures are never read
// (mailText.ts). So "the same text" as a .txt says nothing of the photographs attached to it, and
// a mail is not removed as a duplicate of a file that does not hold its attachments too: another
// mail with the same parts (each compared by a digest of its encoded body), or its byte copy.
// Checked in the preview (checkPlan.ts) and again right before the file goes (checkStep.ts).
import { createHash } from 'node:crypto';
import type { Hash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { displayPath } from '../../../shared/fsName.ts';
import { formatCount, plural } from '../../../shared/format.ts';
import { candidateFormat } from '../extract/detectFormat.ts';
import { mailSkeleton } from '../extract/mailSkeleton.ts';
import { parseHeaderValue } from '../extract/mailText.ts';
import { toFsPath } from '../scan/fsPath.ts';
import type { ActionKind, PlannedStep } from './planActions.ts';

export interface MailPart {
  /** Its file name, else its content type. */
  name: string;
  digest: string;
}

const LINE_END = /\r?\n$/;

function partName(headers: ReadonlyMap<string, string>): string {
  const disposition = parseHeaderValue(headers.get('content-disposition') ?? '').params;
  const type = parseHeaderValue(headers.get('content-type') ?? '');
  return disposition.get('filename') ?? disposition.get('filename*') ?? type.params.get('name') ?? type.params.get('name*') ?? (type.value || 'an unnamed part');
}

/** The parts of the mail at `path` that its reading leaves out, in order. */
export async function leftOutParts(path: string): Promise<MailPart[]> {
  const handle = await open(toFsPath(path), 'r');
  const parts: MailPart[] = [];
  let current: { name: string; hash: Hash } | undefined;
  const finish = () => current && parts.push({ name: current.name, digest: current.hash.digest('hex') });
  try {
    await mailSkeleton(async (into, position) => (await handle.read(into, 0, into.length, position)).bytesRead, Infinity, {
      leftOut: {
        part(headers) {
          finish();
          current = { name: partName(headers), hash: createHash('sha256') };
        },
        line(bytes, length) {
          // The line's end is left out, so a part saved with other line ends is the same part.
          const text = bytes.toString('latin1').replace(LINE_END, '');
          current!.hash.update(`${length - (bytes.length - text.length)}:${text}\n`, 'latin1');
        },
      },
    });
    finish();
    return parts;
  } finally {
    await handle.close();
  }
}

/**
 * Why the step would lose a part of a mail no reading compared, or undefined: a move loses
 * nothing, nor does removing a byte copy (its twin stays, attachments and all).
 */
export async function attachmentsLost({ path, relation, kept }: Pick<PlannedStep, 'path' | 'relation' | 'kept'>, action: ActionKind): Promise<string | undefined> {
  if ((action !== 'trash' && action !== 'delete') || relation === 'copy' || candidateFormat(path) !== 'eml') return undefined;
  const keptPath = kept.path;
  try {
    const mine = await leftOutParts(path);
    if (mine.length === 0) return undefined;
    const theirs = new Set(candidateFormat(keptPath) === 'eml' ? (await leftOutParts(keptPath)).map((part) => part.digest) : []);
    const lost = mine.filter((part) => !theirs.has(part.digest));
    if (lost.length === 0) return undefined;
    const names = lost.slice(0, 3).map((part) => part.name);
    const more = lost.length > names.length ? `, ${formatCount(lost.length - names.length)} more` : '';
    return `it is an e-mail with ${plural(lost.length, 'attachment')} (${names.join(', ')}${more}) that ${displayPath(keptPath)} does not hold: only its text was compared`;
  } catch (error) {
    return `its attachments could not be read to check that ${displayPath(keptPath)} holds them (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
  }
}

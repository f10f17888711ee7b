// The checks made right before a file is acted on. The file must still be what the scan saw (size,
// mtime, ctime, and its content hash where the report has one), and the claim that it duplicates
// the staying file it is matched with must hold on disk now: byte copies by their hashes, the same
// text and edited versions and excerpts by measuring their texts afresh. A stale or forged report
// therefore cannot remove a file that is not really a duplicate. The staying file is hashed (and
// read) once per batch; a last lstat of both, after all the reading, catches a change meanwhile.
import { lstat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { containment, jaccard } from '../../../shared/fingerprint/jaccard.ts';
import { formatPercent } from '../../../shared/format.ts';
import { displayPath } from '../../../shared/fsName.ts';
import { createExtractPool } from '../extract/extractPool.ts';
import type { ExtractPool } from '../extract/extractPool.ts';
import { detailStepUrl } from '../near/detailStep.ts';
import type { DocumentDetail } from '../near/detailStep.ts';
import { toFsPath } from '../scan/fsPath.ts';
import { hashFile, sameStats, sameTime } from './fileOps.ts';
import { attributesWouldChange, readAttributes } from './extendedAttributes.ts';
import { filesOpenForWriting, inUse } from './filesInUse.ts';
import { attachmentsLost } from './mailAttachments.ts';
import type { Writers } from './filesInUse.ts';
import { describeHolding, folderSet } from './folderIdentity.ts';
import type { FolderSet } from './folderIdentity.ts';
import { folderRerouted } from './realPaths.ts';
import type { ActionKind, FileState, PlannedStep } from './planActions.ts';

export class Refused extends Error {}

export interface Seen {
  file: Stats;
  kept: Stats;
  /** The file's content hash as checked, when it was hashed. */
  hash?: string;
}

interface KeptCopy {
  stats: Stats;
  hash?: Promise<string>;
  detail?: Promise<DocumentDetail | undefined>;
}

/** The file as the disk shows it now, if it is still what the scan saw; else why not ("no longer exists", …). */
export async function fileAsScanned(expected: FileState): Promise<Stats | string> {
  const info = await lstat(toFsPath(expected.path)).catch(() => undefined);
  if (!info) return 'no longer exists';
  if (!info.isFile()) return 'is no longer a regular file';
  const ctimeChanged = expected.ctime !== undefined && !sameTime(info.ctimeMs, expected.ctime);
  if (info.size !== expected.size || !sameTime(info.mtimeMs, expected.mtime) || ctimeChanged) return 'changed since the scan';
  return info;
}

/**
 * What a hard link would take from the duplicate: its owner, group and permissions become the
 * kept copy's (one inode, one set). Undefined when they are the same; else what would change.
 */
export function linkWouldChange(file: Stats, kept: Stats): string | undefined {
  const mode = (stats: Stats) => (stats.mode & 0o7777).toString(8).padStart(3, '0');
  const changes = [
    file.uid !== kept.uid && `owner (${file.uid} → ${kept.uid})`,
    file.gid !== kept.gid && `group (${file.gid} → ${kept.gid})`,
    mode(file) !== mode(kept) && `permissions (${mode(file)} → ${mode(kept)})`,
  ].filter((change) => typeof change === 'string');
  return changes.length === 0 ? undefined : `a hard link to the kept copy would change its ${changes.join(', ')}`;
}

/** The state the scan saw, or refused with why the disk no longer shows it. */
async function checkState(expected: FileState, what: string): Promise<Stats> {
  const now = await fileAsScanned(expected);
  if (typeof now === 'string') throw new Refused(`${what} ${now}`);
  if (await folderRerouted(expected.path)) throw new Refused(`${what}: a folder on its path is now a link to another place`);
  return now;
}

/** The file's hash; refused, not failed, when it went meanwhile or cannot be read. */
async function hashNow(path: string, what: string): Promise<string> {
  try {
    return await hashFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Refused(`${what} ${code === 'ENOENT' ? 'no longer exists' : `cannot be read (${code ?? (error as Error).message})`}`);
  }
}

export interface StepChecker {
  /** Every check but the last; returns what was seen, for `final`. */
  check(step: PlannedStep): Promise<Seen>;
  /** Right before acting, after all hashing and reading: neither file changed since `check`. */
  final(step: PlannedStep, seen: Seen): Promise<void>;
  /** The batch itself changed the kept copy's inode (a hard link to it): take its new state as seen. */
  touched(path: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * `referenceRoots`: the plan's reference folders. Whatever made the plan, no file inside one is
 * acted on, under any name of the folder (folderIdentity.ts), checked here next to the action.
 */
export function createStepChecker(action: ActionKind, signal?: AbortSignal, referenceRoots: readonly string[] = []): StepChecker {
  const keptCopies = new Map<string, KeptCopy>();
  let references: Promise<FolderSet> | undefined;
  // Who holds files open for writing: looked up once, at the batch's first file.
  let writers: Promise<Writers> | undefined;
  let pool: ExtractPool<DocumentDetail> | undefined;

  async function readText(path: string): Promise<DocumentDetail | undefined> {
    // With OCR: a scan in the plan was measured on what OCR read of it, and is checked on the same.
    // Other documents are read as without it (OCR reads only PDFs without text, and TIFFs).
    pool ??= createExtractPool<DocumentDetail>({ threads: 1, postProcess: detailStepUrl('words'), ocr: true });
    const result = await pool.extract(path, signal);
    return result.ok ? result : undefined;
  }

  async function keptCopy(expected: FileState): Promise<KeptCopy> {
    const known = keptCopies.get(expected.path);
    if (known) {
      const now = await lstat(toFsPath(expected.path)).catch(() => undefined);
      if (!now) throw new Refused(`the kept copy ${displayPath(expected.path)} no longer exists`);
      if (!sameStats(now, known.stats)) throw new Refused(`the kept copy ${displayPath(expected.path)} changed during the clean-up`);
      return known;
    }
    const copy: KeptCopy = { stats: await checkState(expected, `the kept copy ${displayPath(expected.path)}`) };
    keptCopies.set(expected.path, copy);
    return copy;
  }

  async function checkClaim(step: PlannedStep, copy: KeptCopy, fileHash: string | undefined): Promise<void> {
    const kept = displayPath(step.kept.path);
    if (step.relation === 'copy' || step.kept.hash) {
      copy.hash ??= hashNow(step.kept.path, `the kept copy ${kept}`);
      const keptHash = await copy.hash;
      if (step.kept.hash && keptHash !== step.kept.hash) throw new Refused(`the kept copy ${kept} changed since the scan`);
      if (step.relation === 'copy') {
        if (keptHash !== fileHash) throw new Refused(`its content does not match its twin ${kept}`);
        return;
      }
    }
    copy.detail ??= readText(step.kept.path);
    const [mine, theirs] = await Promise.all([readText(step.path), copy.detail]);
    if (!mine || !theirs) throw new Refused('its text could not be read again to check that it duplicates the kept file');
    if (step.relation === 'same-text') {
      if (jaccard(mine.shingles, theirs.shingles) < 1 || mine.shingles.length !== theirs.shingles.length) throw new Refused(`its text is not the same as ${kept}'s`);
      return;
    }
    const floor = step.minSimilarity ?? 1;
    const measured = step.relation === 'excerpt' ? containment(mine.shingles, theirs.shingles) : jaccard(mine.shingles, theirs.shingles);
    const what = step.relation === 'excerpt' ? 'lies within' : 'resembles';
    if (measured < floor) throw new Refused(`it ${what} ${kept} only ${formatPercent(measured)}, less than the report claims (${formatPercent(floor)} at least)`);
  }

  return {
    async check(step) {
      const file = await checkState(step, 'the file');
      references ??= folderSet(referenceRoots);
      const reference = await (await references).holding(step.path);
      if (reference) throw new Refused(`it is in ${describeHolding('a reference folder', reference)}`);
      writers ??= filesOpenForWriting();
      const busy = inUse(await writers, file);
      if (busy) throw new Refused(busy);
      const copy = await keptCopy(step.kept);
      if (file.dev === copy.stats.dev && file.ino === copy.stats.ino) throw new Refused('it is the kept copy itself, under another name');
      if (action === 'hardlink' && file.dev !== copy.stats.dev) throw new Refused('the kept copy is on another device: a hard link is impossible');
      const metadataChange = action === 'hardlink' ? linkWouldChange(file, copy.stats) : undefined;
      if (metadataChange) throw new Refused(metadataChange);
      if (action === 'hardlink') {
        // Not compared (no getfattr) was said in the preview; here only a difference found refuses.
        const look = await readAttributes([step.path, step.kept.path]);
        const dropped = 'attributes' in look ? attributesWouldChange(look.attributes.get(step.path)!, look.attributes.get(step.kept.path)!) : undefined;
        if (dropped) throw new Refused(dropped);
      }
      const fileHash = step.hash || step.relation === 'copy' ? await hashNow(step.path, 'the file') : undefined;
      if (step.hash && fileHash !== step.hash) throw new Refused('its content changed since the scan');
      await checkClaim(step, copy, fileHash);
      const lost = await attachmentsLost(step, action);
      if (lost) throw new Refused(lost);
      return { file, kept: copy.stats, ...(fileHash === undefined ? {} : { hash: fileHash }) };
    },
    async final(step, seen) {
      const [file, kept] = await Promise.all([lstat(toFsPath(step.path)).catch(() => undefined), lstat(toFsPath(step.kept.path)).catch(() => undefined)]);
      if (!file || !sameStats(file, seen.file)) throw new Refused('the file changed while it was being checked');
      if (await folderRerouted(step.path)) throw new Refused('a folder on its path became a link to another place while it was being checked');
      if (!kept || !sameStats(kept, seen.kept)) throw new Refused(`the kept copy ${displayPath(step.kept.path)} changed while the file was being checked`);
    },
    async touched(path) {
      const copy = keptCopies.get(path);
      if (copy) copy.stats = await lstat(toFsPath(path));
    },
    close: async () => pool?.destroy(),
  };
}

// Plans one folder with a very large number of small files, to check that a scan's memory stays
// bounded by what it must remember rather than by the size of a single directory listing.
import { PlanRandom } from './random.ts';
import { MAX_CONTENT_ID, MIN_FILE_SIZE, flipPosition, type PlannedFile, type TrapKind, type TreePlan } from './tree.ts';

const SEED = 0x1de_f01d;
const COPY_SHARE = 0.02;
const TRAP_SHARE = 0.002;
const TRAP_KINDS: TrapKind[] = ['last', 'middle', 'first'];

export function planWideFolder(entries: number): TreePlan {
  const random = new PlanRandom(SEED);
  const copies = Math.round(entries * COPY_SHARE);
  const traps = Math.round(entries * TRAP_SHARE);
  const originals = entries - copies - traps;
  if (originals < 100 || originals > MAX_CONTENT_ID) throw new Error(`cannot plan a folder of ${entries} files`);
  const width = String(entries).length;
  const name = (n: number, suffix = '') => `doc-${String(n).padStart(width, '0')}${suffix}.txt`;

  const files: PlannedFile[] = [];
  for (let id = 1; id <= originals; id++) files.push({ path: name(id), size: random.logUniform(MIN_FILE_SIZE, 4096), contentId: id });
  for (let n = 0; n < traps; n++) {
    const base = files[n * 7] as PlannedFile;
    const kind = TRAP_KINDS[n % TRAP_KINDS.length] as TrapKind;
    files.push({ ...base, path: name(base.contentId, '-edited'), flip: { kind, at: flipPosition(kind, base.size) } });
  }
  for (let made = 0; made < copies; ) {
    const base = files[random.int(originals)] as PlannedFile;
    for (let n = 1; n <= (random.chance(0.8) ? 1 : 2) && made < copies; n++, made++) {
      files.push({ ...base, path: name(base.contentId, ` copy ${made}`) });
    }
  }
  return { folders: [], files };
}

// Plans a tree whose files mostly have a size no other file has, as in a folder of photos,
// archives and media: a duplicate finder reads almost nothing, and what a scan costs is its
// start-up, its walk and its work per file. A few copies and one-byte traps keep the answer
// worth checking.
import { PlanRandom } from './random.ts';
import { MAX_CONTENT_ID, MIN_FILE_SIZE, flipPosition, type PlannedFile, type TrapKind, type TreePlan } from './tree.ts';

const SEED = 0x0517_e5;
const COPY_SHARE = 0.03;
const TRAP_SHARE = 0.003;
const FILES_PER_FOLDER = 20;
const FOLDERS_PER_PARENT = 12;
const TRAP_KINDS: TrapKind[] = ['last', 'middle', 'first'];

export function planUniqueSizeTree(files: number, bytes: number): TreePlan {
  const random = new PlanRandom(SEED);
  const copies = Math.round(files * COPY_SHARE);
  const traps = Math.max(3, Math.round(files * TRAP_SHARE));
  const originals = files - copies - traps;
  if (originals < 100 || originals > MAX_CONTENT_ID) throw new Error(`cannot plan a tree of ${files} files`);

  // Two levels of folders, twenty files each: parents before children, as ensureTree needs.
  const leafCount = Math.ceil(files / FILES_PER_FOLDER);
  const folders: string[] = [];
  const leaves: string[] = [];
  for (let leaf = 0; leaf < leafCount; leaf++) {
    const parent = `area-${String(Math.floor(leaf / FOLDERS_PER_PARENT)).padStart(3, '0')}`;
    if (leaf % FOLDERS_PER_PARENT === 0) folders.push(parent);
    const path = `${parent}/folder-${String(leaf % FOLDERS_PER_PARENT).padStart(2, '0')}`;
    folders.push(path);
    leaves.push(path);
  }
  let placed = 0;
  const nextPath = (stem: string) => `${leaves[Math.floor(placed++ / FILES_PER_FOLDER)]}/${stem}.bin`;

  // Log-uniform raw sizes scaled to the byte budget; a size already taken moves up to the next free one.
  const raw = Array.from({ length: originals }, () => random.logUniform(1024, 1024 * 1024));
  const scale = (bytes * (originals / files)) / raw.reduce((sum, size) => sum + size, 0);
  const taken = new Set<number>();
  const planned: PlannedFile[] = [];
  for (let id = 1; id <= originals; id++) {
    let size = Math.max(MIN_FILE_SIZE, Math.round(raw[id - 1]! * scale));
    while (taken.has(size)) size++;
    taken.add(size);
    planned.push({ path: nextPath(`file-${id}`), size, contentId: id });
  }
  const result = [...planned];
  for (let n = 0; n < traps; n++) {
    const base = planned[random.int(originals)]!;
    const kind = TRAP_KINDS[n % TRAP_KINDS.length]!;
    result.push({ ...base, path: nextPath(`file-${base.contentId}-edited-${n}`), flip: { kind, at: flipPosition(kind, base.size) } });
  }
  for (let n = 0; n < copies; n++) {
    const base = planned[random.int(originals)]!;
    result.push({ ...base, path: nextPath(`file-${base.contentId}-copy-${n}`) });
  }
  return { folders, files: result };
}

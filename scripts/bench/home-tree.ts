// Plans the home-folder-like tree: long-tail sizes, copies near and far, and same-size traps
// that differ from another file in a single byte.
import { AREAS, planFolders, type Area, type SizeBand } from './home-folders.ts';
import { PlanRandom } from './random.ts';
import { MAX_CONTENT_ID, MIN_FILE_SIZE, flipPosition, type PlannedFile, type TrapKind, type TreePlan } from './tree.ts';

const SEED = 0x5eed_2024;
const MiB = 1 << 20;
/** Share of files that are a copy of another file. */
const COPY_SHARE = 0.12;
/** Share of files that are a one-byte variant of another file. */
const TRAP_SHARE = 0.01;
/** Share of originals whose size is rounded down to a power of two: same size, different bytes. */
const ROUND_SIZE_SHARE = 0.05;
const BAND_RANGES: Record<SizeBand, [number, number]> = { small: [16, 24 * 1024], medium: [24 * 1024, MiB], large: [MiB, 16 * MiB] };
const TRAP_KINDS: TrapKind[] = ['last', 'middle', 'first'];

interface Content {
  id: number;
  band: SizeBand | 'huge';
  /** Before scaling the tree to its byte budget; huge files are never scaled. */
  rawSize: number;
  size: number;
}

interface Draft {
  folder: string;
  stem: string;
  ext: string;
  path: string;
  content: Content;
  trap?: TrapKind;
}

export function planHomeTree(files: number, bytes: number): TreePlan {
  const random = new PlanRandom(SEED);
  const foldersByArea = planFolders(random, files);
  const taken = new Set<string>();
  const drafts: Draft[] = [];

  const place = (folder: string, stem: string, ext: string, content: Content, trap?: TrapKind): Draft => {
    let path = `${folder}/${stem}.${ext}`;
    for (let n = 2; taken.has(path); n++) path = `${folder}/${stem}-${n}.${ext}`;
    taken.add(path);
    const draft = { folder, stem, ext, path, content, ...(trap ? { trap } : {}) };
    drafts.push(draft);
    return draft;
  };
  const shares = AREAS.reduce((sum, area) => sum + area.share, 0);
  const pickArea = (): Area => {
    let u = random.next() * shares;
    for (const area of AREAS) if ((u -= area.share) < 0) return area;
    return AREAS[0] as Area;
  };
  // Skewed towards the first (shallow) folders, as real homes fill some folders much more than others.
  const pickFolder = (area: Area): string => {
    const folders = foldersByArea.get(area) ?? [area.name];
    return folders[Math.floor(folders.length * random.next() ** 1.5)] ?? area.name;
  };
  const areaOf = (draft: Draft): Area => AREAS.find((area) => draft.folder.split('/')[0] === area.name) ?? pickArea();

  const copyBudget = Math.round(files * COPY_SHARE);
  let copiesLeft = copyBudget;
  const trapBudget = Math.max(6, Math.round(files * TRAP_SHARE));
  const originalCount = files - copyBudget - trapBudget;
  if (originalCount < 100 || originalCount > MAX_CONTENT_ID) throw new Error(`cannot plan a tree of ${files} files`);

  // A few files of 100+ MB, in Videos and Downloads: one copied, two with a one-byte twin.
  const hugeCount = Math.min(3, Math.floor(bytes / 1.2e9));
  const bigAreas = AREAS.filter((area) => area.name === 'Videos' || area.name === 'Downloads');
  for (let id = 1; id <= originalCount; id++) {
    const huge = id <= hugeCount;
    const area = huge ? random.pick(bigAreas) : pickArea();
    const band = huge ? 'large' : pickBand(random, area);
    const [min, max] = BAND_RANGES[band];
    const rawSize = huge ? random.between(100, 160) * MiB + random.int(MiB) : random.logUniform(min, max);
    place(pickFolder(area), area.fileStem(random), random.pick(area.extensions[band]), { id, band: huge ? 'huge' : band, rawSize, size: 0 });
  }
  const originals = drafts.slice();

  const copy = (source: Draft): void => {
    const where = random.next();
    if (where < 0.25) {
      const stem = random.pick([`${source.stem} (1)`, `${source.stem} copy`, `Copy of ${source.stem}`]);
      place(source.folder, stem, source.ext, source.content, source.trap);
    } else {
      const folder = pickFolder(where < 0.6 ? areaOf(source) : pickArea());
      place(folder, random.chance(0.7) ? source.stem : `${source.stem}-backup`, source.ext, source.content, source.trap);
    }
    copiesLeft--;
  };

  // Traps: alternately small and large bases; a quarter get two variants (three same-size files).
  const variantsOf = new Map<Content, Set<TrapKind>>();
  const addVariant = (base: Draft, kind: TrapKind): void => {
    const kinds = variantsOf.get(base.content) ?? new Set();
    if (kinds.has(kind)) return;
    variantsOf.set(base.content, kinds.add(kind));
    const nearby = random.chance(0.4);
    const stem = nearby ? `${base.stem}${random.pick(['-final', ' (edited)', '_v2'])}` : base.stem;
    const variant = place(nearby ? base.folder : pickFolder(areaOf(base)), stem, base.ext, base.content, kind);
    trapsLeft--;
    if (copiesLeft > 0 && random.chance(0.1)) copy(variant);
  };
  let trapsLeft = trapBudget;
  if (hugeCount >= 2) addVariant(originals[1] as Draft, 'middle');
  if (hugeCount >= 3) addVariant(originals[2] as Draft, 'last');
  for (let event = 0; trapsLeft > 0; event++) {
    const wantSmall = event % 2 === 0;
    let base = random.pick(originals);
    for (let tries = 0; tries < 50 && (base.content.band === 'huge' || (base.content.band === 'small') !== wantSmall); tries++) {
      base = random.pick(originals);
    }
    if (base.content.band === 'huge') continue;
    const variants = trapsLeft >= 2 && random.chance(0.25) ? 2 : 1;
    const first = random.int(TRAP_KINDS.length);
    for (let v = 0; v < variants; v++) addVariant(base, TRAP_KINDS[(first + v) % TRAP_KINDS.length] as TrapKind);
  }

  // Copies: mostly pairs, some groups of 3 to 9.
  if (hugeCount >= 1) copy(originals[0] as Draft);
  while (copiesLeft > 0) {
    const source = random.pick(originals);
    if (source.content.band === 'huge') continue;
    const u = random.next();
    const extra = u < 0.7 ? 1 : u < 0.9 ? 2 : u < 0.98 ? 3 : random.between(5, 8);
    for (let n = 0; n < extra && copiesLeft > 0; n++) copy(source);
  }

  fitToBudget(random, originals, drafts, bytes);
  const folders = [...foldersByArea.values()].flat();
  return { folders, files: drafts.map(toPlannedFile) };
}

function pickBand(random: PlanRandom, area: Area): SizeBand {
  const u = random.next();
  if (u < area.bands.small) return 'small';
  return u < area.bands.small + area.bands.medium ? 'medium' : 'large';
}

/** Scales every size but the huge ones so that all files together (copies included) fill `bytes`. */
function fitToBudget(random: PlanRandom, originals: Draft[], drafts: Draft[], bytes: number): void {
  let hugeBytes = 0;
  let scalableBytes = 0;
  for (const { content } of drafts) {
    if (content.band === 'huge') hugeBytes += content.rawSize;
    else scalableBytes += content.rawSize;
  }
  const scale = Math.max(0, bytes - hugeBytes) / scalableBytes;
  for (const { content } of originals) {
    if (content.band === 'huge') {
      content.size = content.rawSize;
      continue;
    }
    const size = Math.max(MIN_FILE_SIZE, Math.round(content.rawSize * scale));
    content.size = random.chance(ROUND_SIZE_SHARE) ? Math.max(MIN_FILE_SIZE, 2 ** Math.floor(Math.log2(size))) : size;
  }
}

function toPlannedFile(draft: Draft): PlannedFile {
  const { path, content, trap } = draft;
  const file: PlannedFile = { path, size: content.size, contentId: content.id };
  if (trap) file.flip = { kind: trap, at: flipPosition(trap, content.size) };
  return file;
}

// The look of a home folder: top-level areas, their nested folders and the names of their files.
// Only realism lives here; sizes, copies and traps are chosen in home-tree.ts.
import type { PlanRandom } from './random.ts';

export type SizeBand = 'small' | 'medium' | 'large';

export interface Area {
  name: string;
  /** Share of the tree's files. */
  share: number;
  /** Folders per 100 files: Downloads and Desktop stay flat, projects nest deeply. */
  foldersPer100: number;
  bands: Record<SizeBand, number>;
  extensions: Record<SizeBand, string[]>;
  folderName(random: PlanRandom, depth: number): string;
  fileStem(random: PlanRandom): string;
}

/** Path segments, counting the area's own folder. */
export const MAX_DEPTH = 8;

const years = Array.from({ length: 20 }, (_, i) => String(2005 + i));
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const words = ['blue', 'river', 'night', 'paper', 'stone', 'summer', 'glass', 'north', 'quiet', 'rain', 'city', 'light'];

const projects: Area = {
  name: 'projects',
  share: 0.4,
  foldersPer100: 7,
  bands: { small: 0.96, medium: 0.04, large: 0 },
  extensions: {
    small: ['ts', 'js', 'json', 'md', 'py', 'c', 'h', 'go', 'rs', 'txt', 'yml', 'css', 'html', 'sh'],
    medium: ['js', 'png', 'lock', 'svg', 'pdf', 'json'],
    large: ['zip', 'bin', 'wasm'],
  },
  folderName: (random, depth) =>
    depth === 2
      ? random.pick(['website', 'thesis-code', 'budget-app', 'game-engine', 'dotfiles', 'scraper', 'home-automation',
          'ml-experiments', 'blog', 'cli-tools', 'photo-sorter', 'advent-of-code', 'api-server', 'raytracer', 'forks'])
      : random.pick(['src', 'lib', 'test', 'tests', 'docs', 'components', 'utils', 'assets', 'images', 'scripts',
          'fixtures', 'public', 'styles', 'api', 'models', 'internal', 'cmd', 'pkg', 'config', 'data', 'examples',
          'migrations', 'build', 'dist', 'vendor', 'locales', 'hooks', 'services', 'views', 'core', 'types']),
  fileStem: (random) =>
    random.pick(['index', 'main', 'utils', 'README', 'package', 'config', 'app', 'server', 'client', 'types',
      'helpers', 'setup', 'constants', 'router', 'store', 'api', 'model', 'schema', 'logger', 'parser', 'cache',
      'errors', 'styles', 'LICENSE', 'CHANGELOG']) + random.pick(['', '', '', '.test', `-${random.int(50)}`]),
};

const documents: Area = {
  name: 'Documents',
  share: 0.22,
  foldersPer100: 6,
  bands: { small: 0.6, medium: 0.395, large: 0.005 },
  extensions: { small: ['txt', 'md', 'csv', 'rtf'], medium: ['pdf', 'docx', 'xlsx', 'odt', 'pptx'], large: ['pdf', 'pptx'] },
  folderName: (random, depth) =>
    depth === 2
      ? random.pick(['Work', 'Personal', 'Taxes', 'School', 'Finance', 'Health', 'Travel', 'House', 'Car', 'Scans', 'Thesis'])
      : random.pick([...years, 'Invoices', 'Contracts', 'Reports', 'Receipts', 'Drafts', 'Old', 'Final', 'Meeting notes',
          'Bank statements', 'Insurance', 'Clients', 'Presentations', 'Forms', 'Q1', 'Q2', 'Q3', 'Q4', 'Rechnungen']),
  fileStem: (random) =>
    random.pick(['Invoice', 'Contract', 'Report', 'Letter', 'Notes', 'Budget', 'CV', 'Résumé', 'Meeting notes',
      'Tax return', 'Receipt', 'Statement', 'Draft', 'Minutes', 'Offer', 'Rechnung', 'Kontoauszug', 'Übersicht']) +
    random.pick([` ${random.pick(years)}`, `_${random.int(400)}`, '-final', '-v2', ` ${random.pick(years)}-${pad(random.between(1, 12), 2)}`]),
};

const pictures: Area = {
  name: 'Pictures',
  share: 0.16,
  foldersPer100: 4,
  bands: { small: 0.25, medium: 0.74, large: 0.01 },
  extensions: { small: ['png', 'jpg'], medium: ['jpg', 'jpg', 'png', 'heic'], large: ['jpg', 'tiff', 'cr2'] },
  folderName: (random, depth) =>
    depth === 2
      ? random.pick([...years, 'Camera Roll', 'Screenshots', 'Wallpapers', 'Scans', 'Phone backup'])
      : random.pick([
          `${random.pick(years)}-${pad(random.between(1, 12), 2)} ${random.pick(['Holiday Italy', 'Birthday', 'Wedding',
            'Christmas', 'Hiking', 'Beach', 'Family', 'Großeltern', 'Zoo', 'Road trip', 'New house'])}`,
          random.pick(['Edited', 'Exports', 'RAW', 'Selected', 'Best of', 'Favorites']),
        ]),
  fileStem: (random) =>
    random.pick([
      `IMG_${pad(random.int(10000), 4)}`,
      `DSC${pad(random.int(100000), 5)}`,
      `PXL_${random.pick(years)}${pad(random.between(1, 12), 2)}${pad(random.between(1, 28), 2)}_${pad(random.int(1e6), 6)}`,
      `Screenshot ${random.pick(years)}-${pad(random.between(1, 12), 2)}-${pad(random.between(1, 28), 2)} at ${random.int(24)}.${pad(random.int(60), 2)}`,
    ]),
};

const music: Area = {
  name: 'Music',
  share: 0.04,
  foldersPer100: 12,
  bands: { small: 0.3, medium: 0.67, large: 0.03 },
  extensions: { small: ['m3u', 'txt', 'jpg'], medium: ['mp3', 'ogg', 'm4a'], large: ['flac', 'mp3'] },
  folderName: (random, depth) =>
    depth === 2
      ? `${random.pick(['The', 'Los', 'DJ', 'Little'])} ${random.pick(words)} ${random.pick(['Band', 'Orchestra', 'Kids', 'Trio', 'Ensemble'])}`
      : `${random.pick(words)} ${random.pick(words)} (${random.pick(years)})`,
  fileStem: (random) => `${pad(random.between(1, 16), 2)} - ${random.pick(words)} ${random.pick(words)}`,
};

const videos: Area = {
  name: 'Videos',
  share: 0.01,
  foldersPer100: 10,
  bands: { small: 0.2, medium: 0.5, large: 0.3 },
  extensions: { small: ['srt', 'txt'], medium: ['mp4', 'gif'], large: ['mp4', 'mkv', 'mov'] },
  folderName: (random) => random.pick([...years, 'Movies', 'Clips', 'Screen recordings', 'Family', 'GoPro', 'Phone']),
  fileStem: (random) => random.pick([`VID_${random.pick(years)}${pad(random.int(1232), 4)}_${pad(random.int(1e6), 6)}`, `Recording ${random.int(300)}`]),
};

const downloads: Area = {
  name: 'Downloads',
  share: 0.09,
  foldersPer100: 0.5,
  bands: { small: 0.5, medium: 0.47, large: 0.03 },
  extensions: { small: ['txt', 'html', 'torrent', 'ics', 'json'], medium: ['pdf', 'zip', 'jpg', 'docx'], large: ['zip', 'iso', 'deb', 'mp4'] },
  folderName: (random) => random.pick(['Programs', 'Compressed', 'Documents', 'Telegram Desktop', 'Papers', 'Drivers', 'Fonts']),
  fileStem: (random) =>
    random.pick([`setup-${random.int(5)}.${random.int(20)}.${random.int(10)}`, `paper-${random.int(2000)}`,
      `invoice_${random.int(99999)}`, `document (${random.between(1, 9)})`, `${random.pick(words)}-${random.pick(words)}`]),
};

const desktop: Area = {
  name: 'Desktop',
  share: 0.08,
  foldersPer100: 1,
  bands: { small: 0.7, medium: 0.29, large: 0.01 },
  extensions: { small: ['txt', 'md', 'url'], medium: ['png', 'pdf'], large: ['zip', 'mp4'] },
  folderName: (random) => random.pick(['New folder', 'to sort', 'stuff', 'old desktop', 'Screenshots', 'Work']),
  fileStem: (random) =>
    `${random.pick(['Untitled', 'notes', 'todo', 'New Text Document', 'screenshot', 'draft', 'ideas', 'shopping list'])} ${random.int(100)}`,
};

export const AREAS: readonly Area[] = [projects, documents, pictures, music, videos, downloads, desktop];

/**
 * Grows each area as a random recursive tree, each new folder going under an existing one chosen
 * with a preference for older (shallower) folders: a few deep paths among many shallow ones.
 */
export function planFolders(random: PlanRandom, files: number): Map<Area, string[]> {
  const foldersByArea = new Map<Area, string[]>();
  for (const area of AREAS) {
    const target = Math.max(2, Math.round((files * area.share * area.foldersPer100) / 100));
    const folders = [area.name];
    const taken = new Set(folders);
    for (let attempts = 0; folders.length < target && attempts < target * 20; attempts++) {
      const parent = folders[Math.floor(folders.length * random.next() ** 2)] ?? area.name;
      const depth = parent.split('/').length + 1;
      const name = area.folderName(random, depth);
      if (depth > MAX_DEPTH || parent.endsWith(`/${name}`)) continue;
      let path = `${parent}/${name}`;
      if (taken.has(path)) path = `${path} ${random.between(2, 99)}`;
      if (taken.has(path)) continue;
      taken.add(path);
      folders.push(path);
    }
    foldersByArea.set(area, folders);
  }
  return foldersByArea;
}

// Which files the near-duplicate stage reads. Byte-identical files (one exact cluster) and the
// names of one hard-linked file share a text, so each such set is read once, as one unit.
import type { Cluster } from '../../../shared/report.ts';
import { isTiffName, namedNonDocument } from '../extract/detectFormat.ts';
import type { WalkedFile } from '../scan/types.ts';

export interface Inode {
  /** The first name by path; the others are `links`. */
  file: WalkedFile;
  links: string[];
}

export interface DocumentUnit {
  /** The name to read. */
  path: string;
  /** The distinct files holding these bytes, the first being `path`'s. */
  inodes: Inode[];
  /** The exact cluster these bytes form, if any. */
  exactClusterId?: string;
  size: number;
}

/**
 * The file by the name that is read: the format follows the name (byte copies named .html and
 * .txt read differently), and `path` may be a copy's name or another name (a hard link) of a
 * file. Extractions and verified claims are cached under it, so no other name's are reused.
 */
export function unitFile(unit: DocumentUnit): WalkedFile {
  for (const inode of unit.inodes) {
    if (inode.file.path === unit.path) return inode.file;
    if (inode.links.includes(unit.path)) return { ...inode.file, path: unit.path };
  }
  return unit.inodes[0]!.file;
}

export function collectInodes(files: readonly WalkedFile[]): Map<string, Inode> {
  const byPath = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const inodes = new Map<string, Inode>();
  for (const file of byPath) {
    const inode = inodes.get(file.fileId);
    if (inode) inode.links.push(file.path);
    else inodes.set(file.fileId, { file, links: [] });
  }
  return inodes;
}

/**
 * A name to read the file by: any name that does not rule it out, since documents are decided by
 * content. Empty files hold no document. A TIFF image is a scan to read when scans are read.
 */
function documentName(inode: Inode, readScans: boolean): string | undefined {
  if (inode.file.size === 0) return undefined;
  const names = [inode.file.path, ...inode.links];
  return names.find((name) => !namedNonDocument(name) || (readScans && isTiffName(name)));
}

/**
 * The TIFF images (one name per file) that no unit reads because scans are not read: counted as
 * scans not compared, like PDFs of page pictures, rather than passed over as pictures.
 */
export function tiffsNotRead(inodes: Map<string, Inode>): string[] {
  const paths: string[] = [];
  for (const inode of inodes.values()) {
    if (inode.file.size === 0 || documentName(inode, false) !== undefined) continue;
    const name = [inode.file.path, ...inode.links].find(isTiffName);
    if (name !== undefined) paths.push(name);
  }
  return paths;
}

/** One unit per exact cluster and per other file whose name does not rule out a document. */
export function documentUnits(inodes: Map<string, Inode>, exactClusters: readonly Cluster[], readScans = false): DocumentUnit[] {
  const clusterOf = new Map<string, string>();
  for (const cluster of exactClusters) for (const file of cluster.files) clusterOf.set(file.path, cluster.id);
  const units: DocumentUnit[] = [];
  const byCluster = new Map<string, DocumentUnit>();
  for (const inode of inodes.values()) {
    const clusterId = clusterOf.get(inode.file.path);
    const existing = clusterId === undefined ? undefined : byCluster.get(clusterId);
    if (existing) {
      existing.inodes.push(inode);
      if (existing.path === '') existing.path = documentName(inode, readScans) ?? '';
      continue;
    }
    const unit: DocumentUnit = { path: documentName(inode, readScans) ?? '', inodes: [inode], exactClusterId: clusterId, size: inode.file.size };
    units.push(unit);
    if (clusterId !== undefined) byCluster.set(clusterId, unit);
  }
  return units.filter((unit) => unit.path !== '');
}

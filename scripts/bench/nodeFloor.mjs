// The runtime's floor for bench:exact's default-mode rows: one Node thread making the system calls
// jdupes makes on the same files (read every folder, lstat every entry, then for each size shared
// by two files read the first 4 KiB of each, and the whole of each file whose first 4 KiB another
// one shares), with no hashing, no index and no report. Shingle cannot take less than Node itself
// needs for that work on one thread, so its ratio to jdupes says how far a Node engine can get.
// JavaScript, not TypeScript: stripping types would add Node's TypeScript loader to the start-up.
// Usage: node nodeFloor.mjs [--hidden] [--exclude NAME]... ROOT...
// Prints one line: files walked, files read and bytes read.
import { Buffer } from 'node:buffer';
import { closeSync, lstatSync, openSync, readSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';

const HEAD_BYTES = 4096;

const roots = [];
const excluded = new Set();
let hidden = false;
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--hidden') hidden = true;
  else if (args[i] === '--exclude') excluded.add(args[++i]);
  else roots.push(args[i]);
}

/** Paths by size, for the regular files of more than 0 bytes. */
const bySize = new Map();
let walked = 0;
const folders = [...roots];
while (folders.length > 0) {
  const folder = folders.pop();
  let entries;
  try {
    entries = readdirSync(folder);
  } catch {
    continue;
  }
  for (const name of entries) {
    if (excluded.has(name) || (!hidden && name.startsWith('.'))) continue;
    const path = join(folder, name);
    let stats;
    try {
      stats = lstatSync(path);
    } catch {
      continue;
    }
    if (stats.isDirectory()) folders.push(path);
    else if (stats.isFile()) {
      walked++;
      if (stats.size === 0) continue;
      const same = bySize.get(stats.size);
      if (same === undefined) bySize.set(stats.size, [path]);
      else same.push(path);
    }
  }
}

const buffer = Buffer.allocUnsafe(1 << 20);
let filesRead = 0;
let bytesRead = 0;

/** Reads up to `limit` bytes of the file; returns how many, or -1 if it cannot be read. */
function read(path, limit) {
  let fd;
  try {
    fd = openSync(path, 'r');
  } catch {
    return -1;
  }
  let done = 0;
  try {
    while (done < limit) {
      const got = readSync(fd, buffer, 0, Math.min(buffer.length, limit - done), done);
      if (got === 0) break;
      done += got;
    }
  } catch {
    return -1;
  } finally {
    closeSync(fd);
  }
  filesRead++;
  bytesRead += done;
  return done;
}

for (const [size, paths] of bySize) {
  if (paths.length < 2) continue;
  const byHead = new Map();
  for (const path of paths) {
    const got = read(path, HEAD_BYTES);
    if (got < 0) continue;
    const head = buffer.toString('latin1', 0, got);
    const same = byHead.get(head);
    if (same === undefined) byHead.set(head, [path]);
    else same.push(path);
  }
  if (size <= HEAD_BYTES) continue;
  for (const same of byHead.values()) if (same.length > 1) for (const path of same) read(path, Infinity);
}

process.stdout.write(`${walked} files walked, ${filesRead} reads, ${bytesRead} bytes read\n`);

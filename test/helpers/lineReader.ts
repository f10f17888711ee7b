// The lines a child process prints, as they come, and a way to wait for one.
import type { Readable } from 'node:stream';

export interface Line {
  text: string;
  at: number;
}

/** The lines a stream prints, and a way to wait for one. */
export function lineReader(stream: Readable) {
  const lines: Line[] = [];
  const waiters = new Set<() => void>();
  let partial = '';
  stream.on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop()!;
    for (const text of parts) lines.push({ text, at: performance.now() });
    for (const waiter of [...waiters]) waiter();
  });
  return {
    lines,
    /** The first line from index `from` on that `match` accepts; rejects after `timeoutMs`. */
    until(match: (text: string) => boolean, timeoutMs: number, from = 0): Promise<Line> {
      return new Promise((resolve, reject) => {
        const waiter = () => {
          const line = lines.slice(from).find((l) => match(l.text));
          if (!line) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(line);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No matching line within ${timeoutMs} ms; got:\n${lines.map((l) => l.text.slice(0, 200)).join('\n')}`));
        }, timeoutMs);
        waiters.add(waiter);
        waiter();
      });
    },
  };
}


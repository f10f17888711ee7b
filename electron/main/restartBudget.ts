// How often main starts a crashed engine host again. A crash now and then (a corrupt file that
// takes a worker down, an out-of-memory kill) is worth a fresh engine; an engine that dies as
// soon as it starts would otherwise be restarted for ever, burning CPU with the page none the
// wiser. So: a few restarts within a sliding window, then main stops and the page is told.

export interface RestartBudgetOptions {
  /** Restarts allowed within `windowMs`. */
  limit: number;
  windowMs: number;
  now: () => number;
}

export interface RestartBudget {
  /** Whether a crash now may be answered with a restart; a restart allowed is counted. */
  allowRestart(): boolean;
}

export const ENGINE_RESTARTS = { limit: 3, windowMs: 60_000 } as const;

export function createRestartBudget({ limit, windowMs, now }: RestartBudgetOptions): RestartBudget {
  const restarts: number[] = [];
  return {
    allowRestart() {
      const time = now();
      while (restarts.length > 0 && time - restarts[0]! >= windowMs) restarts.shift();
      if (restarts.length >= limit) return false;
      restarts.push(time);
      return true;
    },
  };
}

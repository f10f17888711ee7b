// Calls across a process boundary that wait for their answer by id: the page's commands to the
// engine (the preload), the commands of a process playing main (hostProcess), and the engine's
// requests to its host (remoteHost). One table of calls in flight, settled by the answer with
// the same id, or failed all at once when the other side goes away.

/** An answer: a value, or the other side's one-line error. */
export type CallAnswer = { ok: true; value: unknown } | { ok: false; error: string };

export interface PendingCalls {
  /** Starts a call: `send` posts it under the id given. Settles with the answer to that id. */
  call(send: (id: number) => void): Promise<unknown>;
  /** Settles the call with this id (an answer to no call in flight is ignored). */
  settle(id: number, answer: CallAnswer): void;
  /** Fails the calls in flight, but those `spare` keeps, with `reason`. */
  failAll(reason: string, spare?: (id: number) => boolean): void;
}

export function createPendingCalls(): PendingCalls {
  let nextId = 1;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  return {
    call(send) {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        try {
          send(id);
        } catch (error) {
          waiting.delete(id);
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
    settle(id, answer) {
      const call = waiting.get(id);
      if (!call) return;
      waiting.delete(id);
      if (answer.ok) call.resolve(answer.value);
      else call.reject(new Error(answer.error));
    },
    failAll(reason, spare) {
      for (const [id, call] of waiting) {
        if (spare?.(id)) continue;
        waiting.delete(id);
        call.reject(new Error(reason));
      }
    },
  };
}

// Long synchronous steps give the event loop a turn, and a cancellation that came meanwhile stops them.
import { expect, it } from 'vitest';
import { createYielder, yieldTo } from '../../../../electron/node/scan/eventLoopTurns.ts';

it('yieldTo lets queued callbacks run, then throws if the signal aborted meanwhile', async () => {
  const controller = new AbortController();
  setImmediate(() => controller.abort(new Error('cancelled')));
  await expect(yieldTo(controller.signal)).rejects.toThrow('cancelled');
  await expect(yieldTo(undefined)).resolves.toBeUndefined();
});

it('a yielder does not yield before its slice is over, and yields after', async () => {
  const controller = new AbortController();
  const neverYet = createYielder(controller.signal, 60_000);
  let ran = false;
  setImmediate(() => (ran = true));
  await neverYet();
  expect(ran).toBe(false);
  const always = createYielder(controller.signal, 0);
  setImmediate(() => controller.abort(new Error('cancelled')));
  await expect(always()).rejects.toThrow('cancelled');
  expect(ran).toBe(true);
});

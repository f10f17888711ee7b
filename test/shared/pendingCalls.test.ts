// The table of calls waiting for an answer by id, shared by the preload, the process playing main
// and the engine's calls to its host.
import { describe, expect, it } from 'vitest';
import { createPendingCalls } from '../../shared/contract/pendingCalls.ts';

describe('pending calls', () => {
  it('settles each call by its own id, once; stray answers are ignored', async () => {
    const pending = createPendingCalls();
    const sent: number[] = [];
    const a = pending.call((id) => sent.push(id));
    const b = pending.call((id) => sent.push(id));
    expect(sent).toEqual([1, 2]);
    pending.settle(2, { ok: false, error: 'Choose a folder first' });
    pending.settle(1, { ok: true, value: 'one' });
    pending.settle(1, { ok: true, value: 'again' });
    pending.settle(99, { ok: true, value: 'nobody' });
    await expect(a).resolves.toBe('one');
    await expect(b).rejects.toThrow(/^Choose a folder first$/);
  });

  it('fails the calls in flight but the spared ones, and a call whose sending throws', async () => {
    const pending = createPendingCalls();
    const a = pending.call(() => undefined);
    const b = pending.call(() => undefined);
    pending.failAll('The engine restarted', (id) => id === 2);
    await expect(a).rejects.toThrow('The engine restarted');
    pending.settle(2, { ok: true, value: 'kept' });
    await expect(b).resolves.toBe('kept');
    await expect(
      pending.call(() => {
        throw new Error('channel closed');
      }),
    ).rejects.toThrow('channel closed');
    pending.failAll('gone');
  });
});

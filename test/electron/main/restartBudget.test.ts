// The engine host's restart policy, on a clock the test turns: at most three restarts within any
// minute; older restarts stop counting as the window slides past them.
import { describe, expect, it } from 'vitest';
import { createRestartBudget, ENGINE_RESTARTS } from '../../../electron/main/restartBudget.ts';

describe('the restart budget', () => {
  it('allows three restarts a minute and refuses the fourth', () => {
    let time = 1_000_000;
    const budget = createRestartBudget({ ...ENGINE_RESTARTS, now: () => time });
    expect([budget.allowRestart(), budget.allowRestart(), budget.allowRestart()]).toEqual([true, true, true]);
    time += 59_999;
    expect(budget.allowRestart()).toBe(false);
  });

  it('counts only the restarts of the last minute, and not the refused ones', () => {
    let time = 0;
    const budget = createRestartBudget({ limit: 3, windowMs: 60_000, now: () => time });
    budget.allowRestart(); // at 0
    time = 30_000;
    budget.allowRestart();
    budget.allowRestart();
    expect(budget.allowRestart()).toBe(false);
    // The first restart leaves the window: one more is allowed, then none until the next leaves.
    time = 60_000;
    expect(budget.allowRestart()).toBe(true);
    expect(budget.allowRestart()).toBe(false);
    time = 90_000;
    expect(budget.allowRestart()).toBe(true);
    expect(budget.allowRestart()).toBe(true);
    expect(budget.allowRestart()).toBe(false);
  });
});

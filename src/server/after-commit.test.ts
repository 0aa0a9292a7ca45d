import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPollingRunner } from './after-commit.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** A runner over a queue of `work` (each run does the next count), started with a 1 s interval on a fake clock. */
async function started(work: number[], again: boolean) {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const runs: number[] = [];
  const runner = createPollingRunner({
    runDue: async () => {
      const done = work.shift() ?? 0;
      runs.push(done);
      return done;
    },
    intervalMs: 1000,
    onError: (err) => {
      throw err;
    },
    again,
  });
  runner.start();
  await vi.advanceTimersByTimeAsync(1000);
  return { runs, runner };
}

describe('polling runner', () => {
  it('with `again`, a run that did work is followed at once by another, until one finds nothing', async () => {
    const { runs, runner } = await started([3, 2, 1], true);
    expect(runs).toEqual([3, 2, 1, 0]);
    await runner.stop();
  });

  it('without it, one run an interval (a paced job such as re-screening keeps its pace)', async () => {
    const { runs, runner } = await started([3, 2, 1], false);
    expect(runs).toEqual([3]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toEqual([3, 2]);
    await runner.stop();
  });
});

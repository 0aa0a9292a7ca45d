import { describe, expect, it, vi } from 'vitest';
import { batchedRead } from './batched-read.ts';

/** A read whose calls the test finishes by hand, recording the keys of each. */
function manualRead() {
  const calls: { keys: readonly string[]; finish: (found: Map<string, number>) => void; fail: (e: Error) => void }[] = [];
  const read = (keys: readonly string[]) =>
    new Promise<Map<string, number>>((resolve, reject) => {
      calls.push({ keys, finish: resolve, fail: reject });
    });
  return { calls, read };
}

describe('batchedRead', () => {
  it('a lookup alone is read at once; lookups asked for meanwhile go together, deduplicated, in the next read', async () => {
    const { calls, read } = manualRead();
    const lookup = batchedRead(read);
    const first = lookup('a');
    expect(calls.map((c) => c.keys)).toEqual([['a']]);
    const waiting = [lookup('b'), lookup('c'), lookup('b'), lookup('a')];
    expect(calls).toHaveLength(1);
    calls[0]!.finish(new Map([['a', 1]]));
    expect(await first).toBe(1);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    // The lookups that waited, with 'a' among them again: asked after the first read began, they never join it.
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['b', 'c', 'a']]);
    calls[1]!.finish(new Map([['b', 2], ['a', 3]]));
    expect(await Promise.all(waiting)).toEqual([2, undefined, 2, 3]);
    // Nothing waits: the next lookup is read at once again.
    void lookup('d');
    expect(calls).toHaveLength(3);
  });

  it('at most maxKeys keys per read, the rest in the next; a failed read fails only its own lookups', async () => {
    const { calls, read } = manualRead();
    const lookup = batchedRead(read, 2);
    const first = lookup('a');
    const rest = ['b', 'c', 'd'].map((k) => lookup(k));
    calls[0]!.fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await vi.waitFor(() => expect(calls.map((c) => c.keys)).toEqual([['a'], ['b', 'c']]));
    calls[1]!.finish(new Map([['b', 2], ['c', 3]]));
    await vi.waitFor(() => expect(calls.map((c) => c.keys)).toEqual([['a'], ['b', 'c'], ['d']]));
    calls[2]!.finish(new Map([['d', 4]]));
    expect(await Promise.all(rest)).toEqual([2, 3, 4]);
  });
});

import { execFile } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Lowers the calling thread's CPU priority below the server's, for background work on threads of its
 * own (Linux sets priorities per thread; elsewhere this does what the platform allows, or nothing).
 * - `nice` (0–19): the thread's Linux nice (decisions 039, 054, 066).
 * - `idle`: also Linux's idle scheduling class, SCHED_IDLE (decision 074). A nice-19 thread still
 *   holds a core it was given until its time slice ends, so a user's request that arrives meanwhile
 *   waits; an idle-class thread is preempted the moment any other thread wakes, and runs on what
 *   nobody else wants. Set through util-linux's `chrt` (no Node API sets a thread's policy): where it
 *   is missing the thread keeps its nice.
 * Never throws: a thread that cannot be lowered still does its work. Resolves with what was applied.
 */
export async function lowerThisThread({ nice, idle = false }: { nice: number; idle?: boolean }): Promise<{ nice: boolean; idle: boolean }> {
  const applied = { nice: false, idle: false };
  if (nice > 0) applied.nice = await import('@napi-rs/nice').then((m) => (m.nice(nice), true)).catch(() => false);
  if (idle && process.platform === 'linux') {
    try {
      // /proc/thread-self names this thread: "<pid>/task/<tid>".
      const tid = readlinkSync('/proc/thread-self').split('/').pop()!;
      await run('chrt', ['--idle', '--pid', '0', tid], { timeout: 5_000 });
      applied.idle = true;
    } catch {
      // No chrt (a minimal image): the nice above is what this thread gets.
    }
  }
  return applied;
}

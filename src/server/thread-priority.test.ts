import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

/**
 * Decision 074: a background thread lowered with `idle` runs in Linux's idle scheduling class at the
 * nice given, read back from the kernel (/proc), and the thread that started it keeps its own.
 */
const SCHED_OTHER = 0;
const SCHED_IDLE = 5;

/** A thread's nice and scheduling policy as the kernel reports them (proc(5): stat fields 19 and 41). */
function schedulingOf(tid: number): { nice: number; policy: number } {
  const stat = readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at field 3, the state.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { nice: Number(fields[19 - 3]), policy: Number(fields[41 - 3]) };
}

describe.runIf(process.platform === 'linux')('lowerThisThread', () => {
  it("puts the calling thread in the idle class at nice 19; the server's thread is untouched", async () => {
    const worker = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       const { readlinkSync } = require('node:fs');
       import(workerData.module).then(async (m) => {
         const applied = await m.lowerThisThread({ nice: 19, idle: true });
         parentPort.postMessage({ applied, tid: Number(readlinkSync('/proc/thread-self').split('/').pop()) });
       });
       setInterval(() => undefined, 60_000);`,
      { eval: true, workerData: { module: new URL('./thread-priority.ts', import.meta.url).href } },
    );
    try {
      const { applied, tid } = await new Promise<{ applied: { nice: boolean; idle: boolean }; tid: number }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      expect(applied).toEqual({ nice: true, idle: true });
      expect(schedulingOf(tid)).toEqual({ nice: 19, policy: SCHED_IDLE });
      expect(schedulingOf(process.pid).policy).toBe(SCHED_OTHER);
      expect(schedulingOf(process.pid).nice).not.toBe(19);
    } finally {
      await worker.terminate();
    }
  });
});

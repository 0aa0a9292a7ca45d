/**
 * Starts a bench server process (scripts/bench/server.ts) and waits for its one-line JSON greeting on
 * file descriptor 3. The server's standard output (its log, JSON lines as `npm start` writes them when
 * not at a terminal) goes to a file, as it would to a log collector: writing it is part of what a
 * request costs. BENCH_SERVER_NODE_OPTIONS adds Node options to the server process only (e.g.
 * `--cpu-prof --cpu-prof-dir=prof`: a CPU profile of the server under load, written when it stops).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

export interface Child<T> {
  info: T;
  /** Milliseconds from spawn to the greeting (cold start, including migrations and seeding). */
  startMs: number;
  /** The server's log file (deleted by stop()). */
  logFile: string;
  stop(): Promise<void>;
}

export async function startChild<T>(args: string[], env: Record<string, string | undefined> = {}, timeoutMs = 600_000): Promise<Child<T>> {
  const t0 = performance.now();
  const logDir = mkdtempSync(path.join(tmpdir(), 'ua-bench-log-'));
  const logFile = path.join(logDir, 'server.log');
  const logFd = openSync(logFile, 'a');
  const nodeOptions = (process.env.BENCH_SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
  const proc: ChildProcess = spawn(process.execPath, [...nodeOptions, 'scripts/bench/server.ts', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', logFd, 'inherit', 'pipe'],
  });
  closeSync(logFd);
  const lines = createInterface({ input: proc.stdio[3] as Readable });
  const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
  const cleanUp = (info?: T) => {
    rmSync(logDir, { recursive: true, force: true });
    const { dataDir } = (info ?? {}) as { dataDir?: string };
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const greeting = await new Promise<string>((resolve, reject) => {
      lines.once('line', resolve);
      proc.once('exit', (code) => reject(new Error(`bench server ${args.join(' ')} exited (${code}) before listening`)));
    });
    const info = JSON.parse(greeting) as T;
    return {
      info,
      startMs: Math.round(performance.now() - t0),
      logFile,
      async stop() {
        if (proc.exitCode === null && proc.signalCode === null) {
          // SIGINT lets a profiled server write its profile (Node writes it on a normal exit);
          // server.ts exits on it at once. A server that does not is killed.
          const exited = once(proc, 'exit');
          proc.kill(nodeOptions.length ? 'SIGINT' : 'SIGKILL');
          const kill = setTimeout(() => proc.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(kill);
        }
        cleanUp(info);
      },
    };
  } catch (error) {
    proc.kill('SIGKILL');
    cleanUp();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

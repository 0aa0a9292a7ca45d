/**
 * Starts a bench server process (scripts/bench/server.ts) and waits for its one-line JSON greeting on
 * file descriptor 3. The server's standard output (its log, JSON lines as `npm start` writes them when
 * not at a terminal) goes to a file, as it would to a log collector: writing it is part of what a
 * request costs. BENCH_SERVER_NODE_OPTIONS adds Node options to the server process only (e.g.
 * `--cpu-prof --cpu-prof-dir=prof`: a CPU profile of the server under load, written when it stops).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
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
  /**
   * CPU time the server process has used so far, in ms (Linux: /proc/<pid>/stat, 10 ms ticks), or
   * undefined elsewhere. Per request, it depends far less on what else the machine runs than req/s.
   */
  cpuMs(): number | undefined;
  stop(): Promise<void>;
}

/** Linux's USER_HZ: /proc reports CPU time in hundredths of a second. */
const TICKS_PER_SECOND = 100;

function cpuMsOf(pid: number | undefined): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/**
 * Linux's idle scheduling class for a whole process (every thread it starts inherits it), through
 * util-linux's chrt, which execs the command (same pid): the process runs on what nobody else wants.
 */
const IDLE_CLASS = process.platform === 'linux' && existsSync('/usr/bin/chrt') ? ['/usr/bin/chrt', '--idle', '0'] : null;

/**
 * `idle`: in the idle scheduling class where the machine has it (decision 074): for the bench's own
 * stand-ins for other machines (the relay section's event writer and receiver), which would otherwise
 * take the measured server's cores on a small machine.
 */
export async function startChild<T>(args: string[], env: Record<string, string | undefined> = {}, timeoutMs = 600_000, { idle = false }: { idle?: boolean } = {}): Promise<Child<T>> {
  const t0 = performance.now();
  const logDir = mkdtempSync(path.join(tmpdir(), 'ua-bench-log-'));
  const logFile = path.join(logDir, 'server.log');
  const logFd = openSync(logFile, 'a');
  const nodeOptions = (process.env.BENCH_SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
  const command = [...(idle && IDLE_CLASS ? IDLE_CLASS : []), process.execPath, ...nodeOptions, 'scripts/bench/server.ts', ...args];
  const proc: ChildProcess = spawn(command[0]!, command.slice(1), {
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
      cpuMs: () => cpuMsOf(proc.pid),
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

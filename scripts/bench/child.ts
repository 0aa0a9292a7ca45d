/** Starts a bench server process (scripts/bench/server.ts) and waits for its one-line JSON greeting. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { createInterface } from 'node:readline';

export interface Child<T> {
  info: T;
  /** Milliseconds from spawn to the greeting (cold start, including migrations and seeding). */
  startMs: number;
  stop(): Promise<void>;
}

export async function startChild<T>(args: string[], env: Record<string, string | undefined> = {}, timeoutMs = 600_000): Promise<Child<T>> {
  const t0 = performance.now();
  const proc: ChildProcess = spawn(process.execPath, ['scripts/bench/server.ts', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: proc.stdout! });
  const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
  try {
    const greeting = await new Promise<string>((resolve, reject) => {
      lines.on('line', (line) => line.startsWith('{') && resolve(line));
      proc.once('exit', (code) => reject(new Error(`bench server ${args.join(' ')} exited (${code}) before listening`)));
    });
    const info = JSON.parse(greeting) as T;
    return {
      info,
      startMs: Math.round(performance.now() - t0),
      async stop() {
        if (proc.exitCode !== null) return;
        proc.kill('SIGKILL');
        await once(proc, 'exit');
        const { dataDir } = info as { dataDir?: string };
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } finally {
    clearTimeout(timer);
  }
}

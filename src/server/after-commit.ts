/**
 * Work that follows a commit (decision 038): written as a row in the committing transaction, so it
 * survives a crash, and done by a runner that takes due rows until none is left, retrying failures
 * later. Screening is its first user, the face match of uploaded pictures (decision 045) the second;
 * the outbox's relay and its in-process subscribers (decisions 050, 057) run behind the same interface.
 */
export interface AfterCommitRunner {
  /** Does every job due now (the tests call it to see the work done); resolves with how many were done. */
  runDue(): Promise<number>;
  /** Polls for due jobs in the background (never keeps the process alive on its own). */
  start(): void;
  stop(): Promise<void>;
}

/**
 * A polling runner over `runDue` (one run at a time in this process; several processes share the
 * rows through the leases `runDue` takes). `kick` runs it at once, in the background — after a commit the
 * caller knows of (not once stopped).
 */
export function createPollingRunner({
  runDue,
  intervalMs,
  onError,
  again = false,
}: {
  runDue: () => Promise<number>;
  intervalMs: number;
  onError: (err: unknown) => void;
  /** In the background, a run that did work is followed at once by another (a stream of work is not paced by the interval). */
  again?: boolean;
}): AfterCommitRunner & { kick(): void } {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;
  const once = (): Promise<number> => {
    running ??= runDue().finally(() => {
      running = null;
    });
    return running;
  };
  return {
    async runDue() {
      // A run under way may have read the due rows before the caller's commit: run once more after it.
      await running?.catch(() => 0);
      return once();
    },
    kick() {
      if (!stopped) once().catch(onError);
    },
    start() {
      if (timer || intervalMs <= 0) return;
      const tick = (): void => {
        once().then((done) => {
          if (again && done > 0 && !stopped) tick();
        }, onError);
      };
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => 0);
    },
  };
}

/**
 * The throttle module's public surface: fixed-window counters that other modules (uploads) count
 * events with, and the login back-off (attempt reservations, growing delays, addresses seen). The SQL
 * behind them stays in throttle.repo.ts (decision 011).
 */
export {
  acquireAttempt,
  backoffDelayMs,
  countHit,
  markSeen,
  peekCount,
  releaseAttempt,
  resetCount,
  seenWithin,
  type Acquired,
  type BackoffRule,
  type Reservation,
  type WindowCount,
} from './throttle.repo.ts';

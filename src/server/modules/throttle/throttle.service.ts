/**
 * The throttle module's public surface: fixed-window counters that other modules (login attempts,
 * uploads) count events with. The SQL behind them stays in throttle.repo.ts (decision 011).
 */
export { countHit, resetCount, type WindowCount } from './throttle.repo.ts';

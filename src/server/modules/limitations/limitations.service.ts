/**
 * The limitations module (decision 061), its public surface: the account's limitation as last
 * published, kept by the restrictions' set/lift (at once, in their transaction: `restrictionsChangedIn`)
 * and by the sweep every server runs (`createLimitationSweep`).
 */
export { restrictionsChangedIn } from './limitations.store.ts';
export { createLimitationSweep, type LimitationSweep } from './limitation-sweep.ts';

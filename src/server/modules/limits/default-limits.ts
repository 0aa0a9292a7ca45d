import type { LimitsDocument } from '../../../shared/api/limits.ts';

/**
 * The limits of a deployment that configured none (decision 040): the figures the code held as
 * constants before issue 30 (shared/api/quotas.ts, extras.service.ts), so nothing changes for it.
 * The same document ships as docs/limits.default.json (a test keeps the two equal) to start a
 * LIMITS_FILE from.
 */
export const DEFAULT_LIMITS: LimitsDocument = {
  default: {
    '0': { BTC: '0.2', ETH: '6', USDT: '20000', USD: '20000' },
    '1': { BTC: '10', ETH: '300', USDT: '1000000', USD: '1000000' },
    '2': { BTC: '20', ETH: '600', USDT: '2000000', USD: '2000000' },
  },
  'kyb:default': {
    '0': { BTC: '0', USDT: '0', USD: '0' },
    '1': { BTC: '20', USDT: '2000000', USD: '2000000' },
    '2': { BTC: '50', USDT: '5000000', USD: '5000000' },
  },
};

import { queryOptions } from '@tanstack/react-query';
import type { FiatRateResult } from '../../shared/api/limits.ts';
import { ApiPath } from '../../shared/api/paths.ts';
import { http } from '../lib/http/index.ts';
import { useGlobalStore } from '../store/global.ts';

/**
 * GET /v1/private/fiat-rate (decision 040): the rate from US dollars to the user's currency and its
 * time, from the exchange's rates. Silent: without it amounts stay in US dollars, which the screens say.
 */
export const getFiatRate = (): Promise<FiatRateResult> => http.get<FiatRateResult>(ApiPath.fiatRate, undefined, { silent: true });

export const fiatRateQuery = queryOptions({ queryKey: ['fiat-rate'], queryFn: getFiatRate, retry: 1, staleTime: 5 * 60_000 });

let storedRate: FiatRateResult | undefined;
/** Sets the §3 rate from a fiat-rate read (a rate that is not a positive number is ignored); the same read is stored once. */
export function storeFiatRate(fiat: FiatRateResult): void {
  if (fiat === storedRate) return;
  storedRate = fiat;
  const rate = Number(fiat.rate);
  if (Number.isFinite(rate) && rate > 0) useGlobalStore.getState().setFiatRate(rate, { currency: fiat.currency, time: fiat.time, converted: fiat.converted, requested: fiat.requested });
}

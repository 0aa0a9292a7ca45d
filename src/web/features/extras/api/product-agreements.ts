import { useQuery } from '@tanstack/react-query';
import type { AgreementQueryResult } from '../../../../shared/api/extras-agreements.ts';
import type { AgreementProduct } from '../../../../shared/extras.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';
import { extrasKeys } from './keys.ts';

/** §7 POST /option/asset/amp/product/agreement/query: the current texts and the member's acceptances. */
export const queryAgreements = (products?: readonly AgreementProduct[], signal?: AbortSignal) =>
  http.post<AgreementQueryResult>(ApiPath.productAgreementQuery, products ? { products } : {}, { silent: true, signal });
export const useAgreements = (products?: readonly AgreementProduct[]) => useQuery({ queryKey: extrasKeys.agreements(products), queryFn: ({ signal }) => queryAgreements(products, signal) });

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustodyStateResult } from '../../../../shared/api/extras-custody.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';
import { invalidateExtras } from './keys.ts';

/** The new Satos onboarding: the member chooses Satos custody. */
export const joinNewSatos = () => http.post<CustodyStateResult>(ApiPath.newSatosJoin, {}, { silent: true });

export function useJoinNewSatos() {
  const client = useQueryClient();
  return useMutation({ mutationFn: joinNewSatos, onSuccess: () => invalidateExtras(client) });
}

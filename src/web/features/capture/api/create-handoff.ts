import { useMutation } from '@tanstack/react-query';
import type { HandoffCreateRequest, HandoffCreateResult } from '../../../../shared/api/capture.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';

/** POST handoff/create: a new phone link for a step (earlier ones of the step end). */
export const createHandoff = (body: HandoffCreateRequest) => http.post<HandoffCreateResult>(ApiPath.handoffCreate, { ...body }, { silent: true });

export const useCreateHandoff = () => useMutation({ mutationFn: createHandoff });

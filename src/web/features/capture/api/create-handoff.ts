import { useMutation } from '@tanstack/react-query';
import type { HandoffCreateRequest, HandoffCreateResult } from '../../../../shared/api/capture.ts';
import { CapturePath } from '../../../../shared/api/capture-paths.ts';
import { http } from '../../../lib/http/index.ts';

/** POST handoff/create: a new phone link for a step (earlier ones of the step end). */
export const createHandoff = (body: HandoffCreateRequest) => http.post<HandoffCreateResult>(CapturePath.handoffCreate, { ...body }, { silent: true });

export const useCreateHandoff = () => useMutation({ mutationFn: createHandoff });

import type { HandoffSessionResult } from '../../../../shared/api/capture.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';

/** POST handoff/complete: the phone is done; the desktop moves on. */
export const completeHandoff = () => http.post<HandoffSessionResult>(ApiPath.handoffComplete, {}, { silent: true });

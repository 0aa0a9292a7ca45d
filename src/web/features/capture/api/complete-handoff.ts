import type { HandoffSessionResult } from '../../../../shared/api/capture.ts';
import { CapturePath } from '../../../../shared/api/capture-paths.ts';
import { http } from '../../../lib/http/index.ts';

/** POST handoff/complete: the phone is done; the desktop moves on. */
export const completeHandoff = () => http.post<HandoffSessionResult>(CapturePath.handoffComplete, {}, { silent: true });

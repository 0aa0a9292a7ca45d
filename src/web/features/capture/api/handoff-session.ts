import type { HandoffSessionResult } from '../../../../shared/api/capture.ts';
import { CapturePath } from '../../../../shared/api/capture-paths.ts';
import { http } from '../../../lib/http/index.ts';

/** GET handoff/session: what the phone's session allows now (after a reload, say). */
export const getHandoffSession = (signal?: AbortSignal) => http.get<HandoffSessionResult>(CapturePath.handoffSession, undefined, { silent: true, signal, cache: false });

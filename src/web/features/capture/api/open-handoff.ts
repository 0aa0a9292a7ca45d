import type { HandoffSessionResult } from '../../../../shared/api/capture.ts';
import { CapturePath } from '../../../../shared/api/capture-paths.ts';
import { http } from '../../../lib/http/index.ts';

/** POST handoff/open: the phone trades the link's secret (once) for its own session cookie. */
export const openHandoff = (token: string) => http.post<HandoffSessionResult>(CapturePath.handoffOpen, { token }, { silent: true });

import type { HandoffSessionResult } from '../../../../shared/api/capture.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';

/** POST handoff/open: the phone trades the link's secret (once) for its own session cookie. */
export const openHandoff = (token: string) => http.post<HandoffSessionResult>(ApiPath.handoffOpen, { token }, { silent: true });

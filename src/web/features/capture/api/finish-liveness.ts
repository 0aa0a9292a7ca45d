import type { LivenessFinishRequest, LivenessResult } from '../../../../shared/api/capture.ts';
import { LivenessPath } from '../../../../shared/api/liveness-paths.ts';
import { http } from '../../../lib/http/index.ts';

/** POST liveness/finish: the measures and the kept frames; the server decides again and records it. */
export const finishLiveness = (viaHandoff: boolean, body: LivenessFinishRequest) =>
  http.post<LivenessResult>(viaHandoff ? LivenessPath.handoffLivenessFinish : LivenessPath.livenessFinish, body, { silent: true });

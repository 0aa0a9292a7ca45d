import type { LivenessChallenge } from '../../../../shared/api/capture.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';

/** POST liveness/start: the server's random challenge (through the handoff on a phone). */
export const startLiveness = (viaHandoff: boolean) => http.post<LivenessChallenge>(viaHandoff ? ApiPath.handoffLivenessStart : ApiPath.livenessStart, { level: 1 }, { silent: true });

import type { LivenessChallenge } from '../../../../shared/api/capture.ts';
import { CapturePath } from '../../../../shared/api/capture-paths.ts';
import { http } from '../../../lib/http/index.ts';

/** POST liveness/start: the server's random challenge (through the handoff on a phone). */
export const startLiveness = (viaHandoff: boolean) => http.post<LivenessChallenge>(viaHandoff ? CapturePath.handoffLivenessStart : CapturePath.livenessStart, { level: 1 }, { silent: true });

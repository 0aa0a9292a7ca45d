import { useQuery } from '@tanstack/react-query';
import { FaceMatchState, type ConsoleFaceMatch } from '../../../../shared/api/capture.ts';
import { LivenessPath } from '../../../../shared/api/liveness-paths.ts';
import { http } from '../../../lib/http/index.ts';
import { consoleKeys } from './keys.ts';

/** While the server is still comparing the pictures, the panel asks again this often. */
export const FACE_MATCH_POLL_MS = 2000;

export interface FaceMatchPair {
  userId: string;
  level: number;
  selfieId: string;
  frontId?: string | undefined;
}

/** GET /v1/console/capture/face-match: the face match the server stored for a selfie and a document front (decision 045). */
export const getFaceMatch = ({ userId, level, selfieId, frontId }: FaceMatchPair, signal?: AbortSignal) =>
  http.get<ConsoleFaceMatch>(LivenessPath.consoleFaceMatch, { userId, level, selfieId, ...(frontId ? { frontId } : {}) }, { signal, silent: true });

/** The stored face match of the pair; refreshed until the server's comparison lands. */
export const useFaceMatch = (pair: FaceMatchPair | null) =>
  useQuery({
    queryKey: [...consoleKeys.all, 'face-match', pair?.userId ?? '', pair?.level ?? 0, pair?.selfieId ?? '', pair?.frontId ?? ''],
    queryFn: ({ signal }) => getFaceMatch(pair!, signal),
    enabled: pair !== null,
    refetchInterval: (query) => (query.state.data?.state === FaceMatchState.COMPUTING ? FACE_MATCH_POLL_MS : false),
  });

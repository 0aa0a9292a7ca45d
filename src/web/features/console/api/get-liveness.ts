import { useQuery } from '@tanstack/react-query';
import type { ConsoleLiveness } from '../../../../shared/api/capture.ts';
import { LivenessPath } from '../../../../shared/api/liveness-paths.ts';
import { http } from '../../../lib/http/index.ts';
import { consoleKeys } from './keys.ts';

/** GET /v1/console/capture/liveness: the user's latest finished liveness check of the level, with its frames. */
export const getLiveness = (userId: string, level: number, signal?: AbortSignal) =>
  http.get<ConsoleLiveness>(LivenessPath.consoleLiveness, { userId, level }, { signal, silent: true });

export const useLiveness = (userId: string | undefined, level: number) =>
  useQuery({ queryKey: [...consoleKeys.all, 'liveness', userId ?? '', level], queryFn: ({ signal }) => getLiveness(userId!, level, signal), enabled: Boolean(userId) });

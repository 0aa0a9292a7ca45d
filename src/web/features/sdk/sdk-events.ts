import { ApiPath } from '../../../shared/api/paths.ts';
import { SdkEvent } from '../../../shared/sdk-page.ts';
import type { RequestSuccess } from '../../lib/http/index.ts';

/** One level's step status as the flow last saw it. */
export type LevelStatuses = Record<number, string>;

export interface FlowEvent {
  type: SdkEvent;
  payload: Record<string, unknown>;
}

/**
 * What a successful call means for the partner's page: a submission, and each level status that
 * differs from the one seen before (kyc-info's state list, a submission's status). The first sight
 * of a level is not a change. Returns the events and the statuses now known.
 */
export function eventsOf(success: RequestSuccess, known: LevelStatuses): { events: FlowEvent[]; statuses: LevelStatuses } {
  const events: FlowEvent[] = [];
  const statuses = { ...known };
  const see = (level: number, status: string) => {
    const previous = statuses[level];
    if (previous !== undefined && previous !== status) events.push({ type: SdkEvent.STATUS_CHANGED, payload: { level, status, previous } });
    statuses[level] = status;
  };
  const result = success.result as Record<string, unknown> | null;
  if (success.path === ApiPath.submitApplication && result && typeof result.level === 'number') {
    events.push({ type: SdkEvent.SUBMITTED, payload: { level: result.level } });
    if (typeof result.status === 'string') see(result.level, result.status);
  }
  if (success.path === ApiPath.kycInfo && result && Array.isArray(result.state)) {
    for (const item of result.state as { level?: unknown; status?: unknown }[]) {
      if (typeof item.level === 'number' && typeof item.status === 'string') see(item.level, item.status);
    }
  }
  return { events, statuses };
}

/** The step a screen address stands for: the /auth child route and its `step` parameter. */
export function stepOf(pathname: string, search: string): { route: string; step: string | null } {
  const route = pathname.replace(/^.*\/auth\/?/, '').split('/')[0] || 'personal';
  return { route, step: new URLSearchParams(search).get('step') };
}

/** The flow is done for the partner once its level is under review or verified. */
export const isDoneStatus = (status: string | undefined) => status === 'PENDING' || status === 'SUCCESS';

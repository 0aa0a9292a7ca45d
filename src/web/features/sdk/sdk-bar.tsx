import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { SdkEvent } from '../../../shared/sdk-page.ts';
import { onRequestSuccess } from '../../lib/http/index.ts';
import { useGlobalStore } from '../../store/global.ts';
import { postToParent } from './parent-events.ts';
import { eventsOf, isDoneStatus, stepOf, type LevelStatuses } from './sdk-events.ts';
import { leaveSdkFlow } from './sdk-jump-back.ts';
import type { SdkUser } from './sdk-profile.ts';

/**
 * The SDK view's own bar (header and footer are absent, §2): the partner's name and the way back
 * to it. It also tells the partner's page what happens (postMessage to its exact origin): each step
 * entered, a submission, each status change, and the end (done or back).
 */
export default function SdkBar() {
  const { t } = useTranslation();
  const user = useGlobalStore((s) => s.user) as SdkUser;
  const [pathname] = useLocation();
  const search = useSearch();
  const known = useRef<LevelStatuses>({});
  const [statuses, setStatuses] = useState<LevelStatuses>({});
  const origin = user.accessOrigin;
  const target = user.targetLevel ?? 1;

  useEffect(() => {
    postToParent(SdkEvent.STEP_STARTED, stepOf(pathname, search), origin);
  }, [pathname, search, origin]);

  useEffect(
    () =>
      onRequestSuccess((success) => {
        const { events, statuses: next } = eventsOf(success, known.current);
        known.current = next;
        setStatuses(next);
        for (const e of events) postToParent(e.type, e.payload, origin);
      }),
    [origin],
  );

  if (!user.sdkToken) return null;
  const done = isDoneStatus(statuses[target]);
  const leave = () => {
    postToParent(SdkEvent.DONE, { reason: done ? 'done' : 'back', level: target, status: statuses[target] ?? null }, origin);
    leaveSdkFlow(user);
  };
  const name = user.businessName ?? user.sdkFrom ?? '';
  return (
    <section aria-label={t('sdk.bar.label')} className="mb-4 flex items-center justify-between gap-3 rounded-btn border border-line px-3 py-2 text-sm" data-testid="sdk-bar">
      <span className="truncate text-muted">{t('sdk.bar.for', { name })}</span>
      {user.hidden ? null : (
        <button type="button" onClick={leave} className={`shrink-0 rounded-btn px-3 py-1 font-medium ${done ? 'bg-primary text-primary-fg hover:bg-primary-hover' : 'border border-line hover:border-primary'}`}>
          {done ? t('sdk.bar.done', { name }) : t('sdk.bar.back', { name })}
        </button>
      )}
    </section>
  );
}

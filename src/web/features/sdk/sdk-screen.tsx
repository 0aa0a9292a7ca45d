import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useGlobalStore } from '../../store/global.ts';
import { businessInfoQuery } from './api/business-info.ts';
import type { SdkUser } from './sdk-profile.ts';
import { sdkSession } from './sdk-session.ts';
import { sdkOpensUpdate } from '../../../shared/sdk-page.ts';

/**
 * §2 /auth/sdk: the SDK page. The address's parameters were read at start (sdk-session.ts); the
 * profile is the token info. It says for whom the verification is and leads into the flow; without
 * a valid token it says the link has expired and to go back to the partner.
 */
export default function SdkScreen() {
  const { t } = useTranslation();
  const user = useGlobalStore((s) => s.user) as SdkUser;
  const business = useQuery({ ...businessInfoQuery, enabled: Boolean(user.sdkToken) });
  const valid = Boolean(user.accessOrigin) && !business.isError;
  const level = user.targetLevel ?? 1;
  // §2 `update`: the link opens the document update flow (re-verification) instead of a first verification.
  const update = sdkOpensUpdate(sdkSession()?.update);
  const start = update ? '/reverification' : level === 2 ? '/kyc?level=2' : '/personal';

  return (
    <section aria-labelledby="sdk-title" className="mx-auto max-w-md px-4 py-8 text-center">
      <h1 id="sdk-title" className="text-xl font-semibold">
        {t('sdk.title')}
      </h1>
      {!user.sdkToken || (!valid && !business.isPending) ? (
        <p role="alert" className="mt-3 text-muted">
          {t('sdk.invalid')}
        </p>
      ) : (
        <>
          <p className="mt-3 text-muted">{t('sdk.intro', { name: business.data?.name ?? user.businessName ?? '' })}</p>
          <p className="mt-2 text-sm text-muted">{t('sdk.privacy')}</p>
          <Link href={start} data-testid="sdk-start" className="mt-6 inline-flex h-10 items-center rounded-btn bg-primary px-6 font-medium text-primary-fg hover:bg-primary-hover">
            {update ? t('limits.sdk.update') : t('sdk.start', { level })}
          </Link>
        </>
      )}
    </section>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { SubmitUpdateResult } from '../../../../shared/api/reverification.ts';
import { LoadError, LoadingBlock } from '../../../components/ui/load-states.tsx';
import { useDocumentTitle } from '../../../lib/page/document-title.ts';
import { useGlobalStore } from '../../../store/global.ts';
import { useCountryList } from '../api/country-list.ts';
import { useKycConfig } from '../api/kyc-config.ts';
import { usePersonalInfo } from '../api/personal-info.ts';
import { Level2Flow } from '../components/level2-flow.tsx';
import { UpdateGuard } from './components/update-guard.tsx';
import { UpdateSubmit } from './components/update-submit.tsx';
import { Sent } from './update-poi-screen.tsx';

const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * §2 updatePOA: a new proof of address for re-verification, through level 2's in-house capture
 * (type, issue date, the statement or bill), sent to update-poa instead of submit-application.
 */
export default function UpdatePoaScreen() {
  const { t } = useTranslation();
  const [sent, setSent] = useState<SubmitUpdateResult | null>(null);
  useDocumentTitle(t('reverification.update.POA'), t('reverification.title'));
  return (
    <section aria-labelledby="update-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link href="/reverification" className="self-start text-sm font-medium text-primary-ink underline underline-offset-2">
          {t('reverification.title')}
        </Link>
        <h1 id="update-title" className="text-2xl font-semibold">
          {t('reverification.update.POA')}
        </h1>
      </div>
      {sent ? <Sent /> : <UpdateGuard target="POA">{() => <PoaCapture onSent={setSent} />}</UpdateGuard>}
    </section>
  );
}

function PoaCapture({ onSent }: { onSent: (r: SubmitUpdateResult) => void }) {
  const { t } = useTranslation();
  const user = useGlobalStore((s) => s.user);
  const personal = usePersonalInfo();
  const countries = useCountryList();
  const config = useKycConfig();
  if (personal.isError) return <LoadError title={t('kyc.overview.loadError')} error={personal.error} onRetry={() => void personal.refetch()} />;
  if (!personal.data) return <LoadingBlock lines={6} />;
  return (
    <Level2Flow
      userId={user.id}
      personalInfo={personal.data.info}
      addressEditable={personal.data.addressEditable}
      countries={countries.data?.list}
      maxBytes={config.data?.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES}
      // The update is sent by renderSubmit (update-poa), never as an application.
      onSubmitted={() => undefined}
      renderSubmit={(captured) => <UpdateSubmit update={{ target: 'POA', body: captured }} onSent={onSent} />}
    />
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ReverificationItem, ReverificationTarget } from '../../../../../shared/api/reverification.ts';
import { DisplayUpdatePOIStatus, Provider } from '../../../../../shared/kyc.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { buttonVariants } from '../../../../components/ui/button.tsx';
import { LoadError, LoadingBlock } from '../../../../components/ui/load-states.tsx';
import { useReverification } from '../api/reverification.ts';
import { isTurkeyRegion } from '../model/panel.ts';

const OPEN: ReadonlySet<string> = new Set([DisplayUpdatePOIStatus.DisplayUpdatePOIStatus_Needed, DisplayUpdatePOIStatus.DisplayUpdatePOIStatus_Rejected]);

/** A link back to the reverification page, where the status is explained. */
export function BackToPage() {
  const { t } = useTranslation();
  return (
    <Link href="/reverification" className={`${buttonVariants({ variant: 'default' })} w-full sm:w-auto sm:self-start`}>
      {t('reverification.title')}
    </Link>
  );
}

/**
 * The update screens' guard: the capture is shown only while the document's update is asked for
 * (_Needed or _Rejected), on the web (not Turkey: app only, §2) and with the in-house provider (a
 * vendor's own flow serves the others); otherwise it says why, with the way back to the page.
 */
export function UpdateGuard({ target, children }: { target: ReverificationTarget; children: (item: ReverificationItem) => ReactNode }) {
  const { t } = useTranslation();
  const page = useReverification();
  if (page.isPending) return <LoadingBlock lines={6} data-testid="update-loading" />;
  if (page.isError) return <LoadError title={t('kyc.overview.loadError')} error={page.error} onRetry={() => void page.refetch()} />;
  const item = page.data.items.find((i) => i.target === target);
  let refusal: string | null = null;
  if (!item || !OPEN.has(item.display.status)) refusal = t('reverification.update.notAsked');
  else if (isTurkeyRegion(item.display.siteInfo)) refusal = t('reverification.status.appTip');
  else if (item.provider !== Provider.PROVIDER_DEFAULT) refusal = t('reverification.update.vendor');
  if (refusal || !item) {
    return (
      <div className="flex flex-col gap-4" data-testid="update-refused">
        <Alert variant="info" role="status">
          {refusal}
        </Alert>
        <BackToPage />
      </div>
    );
  }
  return <>{children(item)}</>;
}

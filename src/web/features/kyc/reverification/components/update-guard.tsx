import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReverificationItem, ReverificationTarget } from '../../../../../shared/api/reverification.ts';
import { DisplayUpdatePOIStatus, Provider } from '../../../../../shared/kyc.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { LoadError, LoadingBlock } from '../../../../components/ui/load-states.tsx';
import { useReverification } from '../api/reverification.ts';
import { isTurkeyRegion } from '../model/panel.ts';
import { BackToPage } from './back-to-page.tsx';
import { VendorUpdate } from './vendor-update.tsx';

export { BackToPage };

const OPEN: ReadonlySet<string> = new Set([DisplayUpdatePOIStatus.DisplayUpdatePOIStatus_Needed, DisplayUpdatePOIStatus.DisplayUpdatePOIStatus_Rejected]);

/**
 * The update screens' guard: the capture is shown only while the document's update is asked for
 * (_Needed or _Rejected), on the web (not Turkey: app only, §2) and with the in-house provider; a
 * user whom a vendor verifies gets that vendor's flow instead (vendor-update.tsx, decision 017).
 * Otherwise it says why, with the way back to the page.
 */
export function UpdateGuard({ target, children }: { target: ReverificationTarget; children: (item: ReverificationItem) => ReactNode }) {
  const { t } = useTranslation();
  const page = useReverification();
  if (page.isPending) return <LoadingBlock lines={6} data-testid="update-loading" />;
  if (page.isError) return <LoadError title={t('kyc.overview.loadError')} error={page.error} onRetry={() => void page.refetch()} />;
  const item = page.data.items.find((i) => i.target === target);
  // A vendor verifies this user: the update is made in its flow, which follows every status itself.
  if (item && item.provider !== Provider.PROVIDER_DEFAULT && !isTurkeyRegion(item.display.siteInfo)) return <VendorUpdate target={target} item={item} />;
  let refusal: string | null = null;
  if (!item || !OPEN.has(item.display.status)) refusal = t('reverification.update.notAsked');
  else if (isTurkeyRegion(item.display.siteInfo)) refusal = t('reverification.status.appTip');
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

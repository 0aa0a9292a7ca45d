import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LEVEL_OF_TARGET, type ReverificationItem, type ReverificationTarget } from '../../../../../shared/api/reverification.ts';
import { DisplayUpdatePOIStatus } from '../../../../../shared/kyc.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { kycKeys } from '../../api/keys.ts';
import { VendorFlow } from '../../components/vendor-flow.tsx';
import { VENDOR_NAMES } from '../../model/vendor-sdk.ts';
import { reverificationKeys, reverificationQuery } from '../api/reverification.ts';
import { getUpdateVendorToken } from '../api/update-vendor-token.ts';
import { BackToPage } from './back-to-page.tsx';
import { UpdatePanel } from './update-panel.tsx';

const S = DisplayUpdatePOIStatus;
/** How often the page asks again while the vendor's result is awaited (its webhook decides). */
const POLL_MS = 2000;
const CAN_SEND: ReadonlySet<string> = new Set([S.DisplayUpdatePOIStatus_Needed, S.DisplayUpdatePOIStatus_Rejected]);

/** Back from a vendor's hosted page (REDIRECT vendors add vendor=done to our return address). */
const backFromVendor = () => new URLSearchParams(window.location.search).get('vendor') === 'done';

/**
 * updatekyc / updatePOA for a user whom a vendor verifies (decision 017, "Updates at a vendor"):
 * the document's status (the request, a rejection's reasons), then that vendor's own flow — its
 * SDK here or its hosted page — started with an update session. Once the user has sent everything
 * the page waits for the vendor's result by itself: under review, then verified, or rejected with
 * the reasons and the way to try again.
 */
export function VendorUpdate({ target, item }: { target: ReverificationTarget; item: ReverificationItem }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [sent, setSent] = useState(backFromVendor);
  const status = item.display.status;
  const document = t(`reverification.target.${target}`);
  const vendor = VENDOR_NAMES[item.provider];
  // Sent but not decided yet: the vendor's "submitted" may still be on its way, then its review.
  const waiting = status === S.DisplayUpdatePOIStatus_Pending || (sent && status === S.DisplayUpdatePOIStatus_Needed);
  useQuery({ ...reverificationQuery, refetchInterval: waiting ? POLL_MS : false });

  const onSubmitted = () => {
    setSent(true);
    void client.invalidateQueries({ queryKey: reverificationKeys.info() });
    void client.invalidateQueries({ queryKey: kycKeys.info() });
  };

  if (status === S.DisplayUpdatePOIStatus_No) {
    return (
      <div className="flex flex-col gap-4" data-testid={sent ? 'update-verified' : 'update-refused'}>
        <Alert variant={sent ? 'success' : 'info'} role="status">
          {sent ? t('reverification.update.vendorDone', { document }) : t('reverification.update.notAsked')}
        </Alert>
        <BackToPage />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4" data-testid="vendor-update" data-status={status}>
      <UpdatePanel item={item} showAction={false} />
      {waiting && status !== S.DisplayUpdatePOIStatus_Pending ? (
        <Alert variant="info" role="status" title={t('vendor.waiting.title')} data-testid="vendor-waiting">
          {t('vendor.waiting.checking', { vendor })}
        </Alert>
      ) : null}
      {/* A new mount after a rejection: the vendor's screen starts again from its introduction. */}
      {CAN_SEND.has(status) && !waiting ? (
        <VendorFlow key={item.rejection?.decidedAt ?? 'first'} level={LEVEL_OF_TARGET[target]} provider={item.provider} requestToken={() => getUpdateVendorToken(target)} onSubmitted={onSubmitted} />
      ) : null}
      <BackToPage />
    </div>
  );
}

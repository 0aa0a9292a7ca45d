import { useTranslation } from 'react-i18next';
import type { ReverificationItem } from '../../../../../shared/api/reverification.ts';
import { DAILY_REJECTION_LIMIT } from '../../../../../shared/api/reverification.ts';
import { DisplayUpdatePOIStatus } from '../../../../../shared/kyc.ts';
import { USUAL_REVIEW_HOURS } from '../../../../../shared/review-time.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Link } from 'wouter';
import { Button, buttonVariants } from '../../../../components/ui/button.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import { useQrDataUrl } from '../../../../lib/qr/qr-data-url.ts';
import { useSiteConfig } from '../../../../lib/region/index.ts';
import { formatInstant } from '../model/dates.ts';
import { panelAction } from '../model/panel.ts';

const S = DisplayUpdatePOIStatus;

/**
 * The §4 status panel of one document: what is asked and why, then per status — Needed: the verify
 * button; Pending: the processing notice with the review time and a disabled Reviewing button;
 * Rejected: 'ReviewFailed' with the reason and an active resubmit button; Rejected_Daily: the same
 * with resubmit disabled until the next day. In Turkey the app tip replaces the web buttons.
 * `showAction` false: the page that takes the update shows the panel without its link to itself.
 */
export function UpdatePanel({ item, showAction = true }: { item: ReverificationItem; showAction?: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const document = t(`reverification.target.${item.target}`);
  const status = item.display.status;
  const action = panelAction(item);
  const rejected = status === S.DisplayUpdatePOIStatus_Rejected || status === S.DisplayUpdatePOIStatus_Rejected_Daily;
  const reasonCode = item.rejection?.reasonCode || item.display.rejectReason;
  // Every reason given (a vendor gives several), the main one first.
  const reasons = item.rejection?.reasonCodes.length ? item.rejection.reasonCodes : reasonCode ? [reasonCode] : [];

  return (
    <Card title={t(`reverification.panel.${item.target}`)} data-testid={`panel-${item.target}`} data-status={status}>
      <div className="flex flex-col gap-3 text-sm">
        {item.request ? (
          <div className="flex flex-col gap-1 text-muted">
            <p>{t('reverification.reasonLabel', { reason: t(`reverification.requestReason.${item.request.reason}`) })}</p>
            {item.request.message ? <p className="break-words">{t('reverification.messageLabel', { message: item.request.message })}</p> : null}
          </div>
        ) : null}

        {status === S.DisplayUpdatePOIStatus_Needed ? <p>{t('reverification.status.needed', { document })}</p> : null}

        {status === S.DisplayUpdatePOIStatus_Pending ? (
          <Alert variant="info" role="status" data-testid="processing">
            {t('reverification.status.pending', { document, hours: USUAL_REVIEW_HOURS })}
          </Alert>
        ) : null}

        {rejected ? (
          <Alert variant="error" role="status" title={t('reverification.status.reviewFailed')} data-testid="review-failed">
            <p>{t('reverification.status.rejectedReason')}</p>
            {reasons.map((code) => (
              <p key={code} className="font-medium" data-testid="rejection-reason">
                {t(`kyc-reasons.${code}.title`, { defaultValue: code })}
              </p>
            ))}
            {item.rejection?.message ? <p className="break-words">{t('reverification.messageLabel', { message: item.rejection.message })}</p> : null}
            {status === S.DisplayUpdatePOIStatus_Rejected_Daily ? (
              <p data-testid="daily-limit">
                {t('reverification.status.daily', { limit: DAILY_REJECTION_LIMIT, time: item.retryAfter ? formatInstant(item.retryAfter, locale) : '' })}
              </p>
            ) : null}
          </Alert>
        ) : null}

        {showAction ? <PanelButton action={action} /> : null}
      </div>
    </Card>
  );
}

function PanelButton({ action }: { action: ReturnType<typeof panelAction> }) {
  const { t } = useTranslation();
  // In-app links go through wouter (they stay under the /auth base). Buttons take the full width on phones and their own width from the small breakpoint.
  const sizing = 'w-full sm:w-auto sm:self-start';
  switch (action.kind) {
    case 'verify':
      return (
        <Link href={action.href} className={`${buttonVariants({ variant: 'primary' })} ${sizing}`}>
          {t('reverification.status.verify')}
        </Link>
      );
    case 'reviewing':
      return (
        <Button variant="default" disabled className={sizing}>
          {t('reverification.status.reviewing')}
        </Button>
      );
    case 'resubmit':
      return action.disabledUntil === null ? (
        <Link href={action.href} className={`${buttonVariants({ variant: 'primary' })} ${sizing}`}>
          {t('reverification.status.resubmit')}
        </Link>
      ) : (
        <Button variant="primary" disabled className={sizing}>
          {t('reverification.status.resubmit')}
        </Button>
      );
    case 'appTip':
      return (
        <div className="flex flex-col gap-3">
          <Alert variant="info" role="note" data-testid="app-tip">
            {t('reverification.status.appTip')}
          </Alert>
          <AppLink />
          {action.resubmitInApp ? (
            <Button variant="default" disabled className={sizing}>
              {t('reverification.status.resubmitInApp')}
            </Button>
          ) : null}
        </div>
      );
    default:
      return null;
  }
}

/**
 * Where to get the app (issue 27: the tip had neither link nor code): the exchange's download page
 * (APP_DOWNLOAD_URL) as a link, and as a QR code for a computer's reader to scan with the phone.
 * Nothing when the exchange has not configured one.
 */
function AppLink() {
  const { t } = useTranslation();
  const site = useSiteConfig();
  const url = site.data?.appUrl ?? null;
  const qr = useQrDataUrl(url);
  if (!url) return null;
  return (
    <div className="flex flex-wrap items-center gap-4" data-testid="app-link">
      <a href={url} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'primary' })}>
        {t('reverification.status.getApp')}
      </a>
      {qr ? <img src={qr} alt={t('reverification.status.appQrAlt')} width={128} height={128} className="hidden rounded bg-white sm:block" data-testid="app-qr" /> : null}
    </div>
  );
}

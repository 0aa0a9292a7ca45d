import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { EddInfoResult } from '../../../../shared/api/edd.ts';
import { EDDStatus } from '../../../../shared/kyc.ts';
import { textKeys } from '../../../../shared/questionnaires/model.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { LoadError, LoadingBlock } from '../../../components/ui/load-states.tsx';
import { useEddInfo } from '../api/edd-info.ts';

const S = EDDStatus;

/**
 * Enhanced due diligence on its questionnaires' screens (decision 028): where the user's round
 * stands (§4 EDDStatus_*), which questionnaire is next, and after the review what the decision means
 * and what happens next. Outside EDD it shows nothing. Why the user is in EDD is never said (a
 * screening hit must not be disclosed).
 */
export function EddPanel({ code }: { code: string }) {
  const { t } = useTranslation();
  const info = useEddInfo();
  if (info.isError) return <LoadError title={t('edd.panel.loadError')} error={info.error} onRetry={() => void info.refetch()} />;
  if (!info.data) return <LoadingBlock lines={2} />;
  return <PanelBody info={info.data} code={code} />;
}

function NextLink({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <Link href={`/${code}`} className={buttonVariants({ variant: 'primary', size: 'small' })} data-testid="edd-next">
      {t('edd.panel.continueWith', { title: t(textKeys.title(code)) })}
    </Link>
  );
}

function PanelBody({ info, code }: { info: EddInfoResult; code: string }) {
  const { t } = useTranslation();
  const title = t('edd.panel.title');
  const next = info.nextTemplateCode;
  switch (info.eddStatus) {
    case S.EDDStatus_UnSubmit: {
      const sent = info.templates.filter((x) => x.submitted).length;
      return (
        <Alert variant="warn" title={title} data-testid="edd-panel" data-status={info.eddStatus} action={next && next !== code ? <NextLink code={next} /> : undefined}>
          <p>{t('edd.panel.unSubmit')}</p>
          <p className="mt-2 font-medium">{t('edd.panel.progress', { sent, total: info.templates.length })}</p>
          <ul className="mt-1 flex flex-col gap-1">
            {info.templates.map((x) => (
              <li key={x.templateCode}>
                {x.templateCode === code ? (
                  <span aria-current="page">{t(textKeys.title(x.templateCode))}</span>
                ) : (
                  <Link href={`/${x.templateCode}`} className="underline underline-offset-2">
                    {t(textKeys.title(x.templateCode))}
                  </Link>
                )}
                {' · '}
                {x.submitted ? t('edd.panel.sent') : t('edd.panel.notSent')}
              </li>
            ))}
          </ul>
        </Alert>
      );
    }
    case S.EDDStatus_Reviewing:
      return (
        <Alert variant="info" title={title} data-testid="edd-panel" data-status={info.eddStatus}>
          {t('edd.panel.reviewing')}
        </Alert>
      );
    case S.EDDStatus_Pass:
      return (
        <Alert variant="success" title={title} data-testid="edd-panel" data-status={info.eddStatus}>
          {t('edd.panel.pass')}
        </Alert>
      );
    case S.EDDStatus_Reject:
      return (
        <Alert variant={info.rejection?.final ? 'error' : 'warn'} title={title} data-testid="edd-panel" data-status={info.eddStatus} action={next ? <NextLink code={next} /> : undefined}>
          <p>{info.rejection?.final ? t('edd.panel.rejectFinal') : t('edd.panel.reject')}</p>
          {info.rejection?.message ? (
            <p className="mt-2">
              <span className="font-medium">{t('edd.panel.reviewerMessage')}:</span> {info.rejection.message}
            </p>
          ) : null}
        </Alert>
      );
    default:
      // _Unknown: the user is not in enhanced due diligence; the questionnaire stands alone.
      return null;
  }
}

import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { HelpLink } from '../../../../shared/sites.ts';
import { LimitationAction, RestrictionReason, type LimitationPart } from '../../../../shared/restrictions.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { useSiteConfig } from '../../../lib/region/index.ts';

const RESTRICTION_REASONS: ReadonlySet<string> = new Set(Object.values(RestrictionReason));
const link = 'inline-flex min-h-10 items-center text-sm font-medium text-primary-ink underline underline-offset-2';

/**
 * A compliance decision's restriction on the account (decision 052): kyc-info's limitationInfo, each
 * restriction's reason with what the user can do — answer the EDD questionnaires again (a link to
 * them) or contact support (the help centre's form). Overdue tasks and re-verification have their
 * own links on the overview.
 */
export function RestrictionNotice({ info }: { info: LimitationPart | undefined }) {
  const { t } = useTranslation();
  const restrictions = (info?.actions ?? []).filter((a) => RESTRICTION_REASONS.has(a.reason));
  // The help centre's address only when a restriction points to it (not a read on every overview).
  const site = useSiteConfig({ enabled: restrictions.some((r) => r.action === LimitationAction.CONTACT_SUPPORT) });
  if (restrictions.length === 0) return null;
  return (
    <div className="flex flex-col gap-3" data-testid="restrictions">
      {restrictions.map((r) => (
        <Alert key={r.reason} variant="error" role="region" aria-label={t(`kyc.restriction.${r.reason}.title`)} title={t(`kyc.restriction.${r.reason}.title`)}>
          <p>{t(`kyc.restriction.${r.reason}.body`)}</p>
          {r.action === LimitationAction.CONTACT_SUPPORT ? (
            site.data ? (
              <a href={site.data.helpLinks[HelpLink.webForm]} target="_blank" rel="noopener noreferrer" className={link}>
                {t('kyc.restriction.action.CONTACT_SUPPORT')}
              </a>
            ) : null
          ) : r.route ? (
            <Link href={`/${r.route}`} className={link}>
              {t(`kyc.restriction.action.${r.action}`)}
            </Link>
          ) : null}
        </Alert>
      ))}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { HelpLink } from '../../../../shared/sites.ts';
import { useSiteConfig } from '../../../lib/region/index.ts';

/** FAILED_AND_CAN_NOT_RETRY: the help centre's contact form and its article on common failure reasons. */
export function SupportLinks() {
  const { t } = useTranslation();
  const site = useSiteConfig();
  if (!site.data) return null;
  const link = 'inline-flex h-10 items-center text-sm font-medium text-primary-ink underline underline-offset-2';
  return (
    <>
      <a href={site.data.helpLinks[HelpLink.webForm]} target="_blank" rel="noopener noreferrer" className={link}>
        {t('kyc.next.FINAL_REJECTION.support')}
      </a>
      <a href={site.data.helpLinks[HelpLink.kycFailureReasons]} target="_blank" rel="noopener noreferrer" className={link}>
        {t('kyc.next.FINAL_REJECTION.reasons')}
      </a>
    </>
  );
}

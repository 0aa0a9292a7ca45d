import { useTranslation } from 'react-i18next';
import { HelpLink } from '../../shared/sites.ts';
import { useFirstPaintDone } from '../lib/page/first-paint.ts';
import { useSiteConfig } from '../lib/region/index.ts';

const FOOTER_LINKS = [HelpLink.faq, HelpLink.guide, HelpLink.webForm] as const;

/**
 * §2 help-centre links in the footer, addresses from the server's site configuration (in the
 * current language). They are supplementary: while loading, or if the configuration cannot be read,
 * the footer simply shows no links. Read once the first screen is painted: the footer is below the
 * fold, and its read competed with the first screen's on a phone's connection (issue 32).
 */
export function HelpLinks() {
  const { t } = useTranslation();
  const site = useSiteConfig({ enabled: useFirstPaintDone() });
  if (!site.data) return null;
  return (
    <nav aria-label={t('site.help')}>
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {FOOTER_LINKS.map((key) => (
          <li key={key}>
            <a href={site.data.helpLinks[key]} target="_blank" rel="noopener noreferrer" className="underline-offset-2 hover:text-ink hover:underline">
              {t(`site.links.${key}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

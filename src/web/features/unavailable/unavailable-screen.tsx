import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useDocumentTitle } from '../../lib/page/document-title.ts';

/** An honest page for a route whose screen has not been built yet. */
export default function UnavailableScreen() {
  const { t } = useTranslation();
  const [location] = useLocation();
  useDocumentTitle(t('common.unavailable.title'));
  return (
    <section className="mx-auto max-w-xl py-10 text-center">
      <h1 className="text-xl font-semibold">{t('common.unavailable.title')}</h1>
      <p className="mt-2 text-muted">{t('common.unavailable.body', { page: location.replace(/^\//, '') })}</p>
      <Link href="/personal" className="mt-6 inline-block text-primary-ink underline">
        {t('common.unavailable.back')}
      </Link>
    </section>
  );
}

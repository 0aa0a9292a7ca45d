import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { queueHref } from '../queue-params.ts';

/** "← Back to the queue", above a case or a user's page. */
export function BackLink() {
  const { t } = useTranslation();
  return (
    <Link href={queueHref()} className="inline-flex items-center gap-1 self-start text-sm text-info underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary">
      <span aria-hidden className="inline-block rtl:-scale-x-100">
        ←
      </span>
      {t('console.case.back')}
    </Link>
  );
}

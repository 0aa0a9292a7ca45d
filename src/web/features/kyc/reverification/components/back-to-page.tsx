import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonVariants } from '../../../../components/ui/button.tsx';

/** A link back to the reverification page, where the status is explained. */
export function BackToPage() {
  const { t } = useTranslation();
  return (
    <Link href="/reverification" className={`${buttonVariants({ variant: 'default' })} w-full sm:w-auto sm:self-start`}>
      {t('reverification.title')}
    </Link>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { useCanQuickKyc } from '../api/can-quick-kyc.ts';

/**
 * On the overview, next to "verify your identity": the shorter way for residents of a country with
 * a registry check (§2 vendor route, decision 019). Shown only when can-quick-kyc says the user is
 * eligible; anything else (not offered, failed to load) shows nothing: the document path is there.
 */
export function QuickKycOffer() {
  const { t } = useTranslation();
  const offer = useCanQuickKyc();
  const data = offer.data;
  if (!data?.eligible || data.idTypes.length === 0) return null;
  const numbers = data.idTypes.map((type) => t(`quick-kyc.idType.${type}.label`)).join(t('quick-kyc.offer.or'));
  return (
    <section aria-labelledby="quick-kyc-offer-title" data-testid="quick-kyc-offer">
      <Alert
        variant="info"
        action={
          <Link href="/vendor" className={buttonVariants({ variant: 'default' })}>
            {t('quick-kyc.offer.action', { numbers })}
          </Link>
        }
      >
        <h3 id="quick-kyc-offer-title" className="text-base font-semibold">
          {t('quick-kyc.offer.title')}
        </h3>
        <p className="mt-1">{t('quick-kyc.offer.body', { numbers })}</p>
      </Alert>
    </section>
  );
}

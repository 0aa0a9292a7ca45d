import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { AGREEMENT_PRODUCTS, type AgreementProduct } from '../../../shared/extras.ts';
import { LoadError } from '../../components/ui/load-states.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../lib/page/document-title.ts';
import { useAgreements } from './api/product-agreements.ts';
import { AgreementCard } from './components/agreement-card.tsx';

/** `?product=HKG_POA`: only that product's agreement (a banner's link); otherwise all of them. */
function productFromSearch(search: string): AgreementProduct | undefined {
  const p = new URLSearchParams(search).get('product');
  return AGREEMENT_PRODUCTS.find((x) => x === p);
}

/**
 * Agreements (§7 product/agreement/query and agreement/apply; decision 025): each product's current
 * text, what the member accepted and when, and acceptance of a new version.
 */
export default function AgreementsScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('extras.agreements.title'));
  const product = productFromSearch(useSearch());
  const agreements = useAgreements(product ? [product] : undefined);
  const items = (agreements.data?.items ?? []).filter((a) => a.current !== null);
  return (
    <section aria-labelledby="agreements-title" className="flex flex-col gap-4">
      <div>
        <h1 id="agreements-title" className="text-2xl font-semibold">
          {t('extras.agreements.title')}
        </h1>
        <p className="mt-1 text-sm text-muted">{t('extras.agreements.intro')}</p>
      </div>
      {agreements.isPending ? <Skeleton className="h-48 w-full" /> : null}
      {agreements.isError ? <LoadError title={t('extras.agreements.title')} error={agreements.error} onRetry={() => void agreements.refetch()} /> : null}
      {agreements.isSuccess && items.length === 0 ? <p className="text-muted">{t('extras.agreements.none')}</p> : null}
      {items.map((a) => (
        <AgreementCard key={a.product} agreement={a} />
      ))}
    </section>
  );
}

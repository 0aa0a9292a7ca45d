import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PROOF_OF_ADDRESS_MAX_AGE_MONTHS } from '../../../../shared/api/document-types.ts';
import { MIN_AGE_YEARS } from '../../../../shared/api/personal-info.ts';
import type { VerifiableLevel } from '../../../../shared/kyc.ts';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { isSdkUser } from '../../../lib/container/index.ts';
import { useDocumentTitle } from '../../../lib/page/document-title.ts';
import { useGlobalStore } from '../../../store/global.ts';
import { flowHref } from '../model/flow.ts';
import { wordingKey } from '../model/sdk-wording.ts';

const STEPS: Record<VerifiableLevel, readonly string[]> = { 1: ['s1', 's2', 's3', 's4', 's5'], 2: ['s1', 's2', 's3', 's4'] };
const NEEDS: Record<VerifiableLevel, readonly string[]> = { 1: ['need1', 'need2', 'need3'], 2: ['need1', 'need2'] };

/**
 * §2 step1 / step2 (user guide steps): what a level needs, how the flow goes, tips for photos that
 * pass review, and what happens to the documents (privacy), with a button into the flow.
 */
export function Guide({ level }: { level: VerifiableLevel }) {
  const { t } = useTranslation();
  const sdk = useGlobalStore((st) => isSdkUser(st.user));
  const k = `kyc.guide.step${level}`;
  const values = { months: PROOF_OF_ADDRESS_MAX_AGE_MONTHS, min: MIN_AGE_YEARS };
  useDocumentTitle(t(`${k}.title`));
  return (
    <section aria-labelledby="guide-title" className="flex max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link href="/personal" className="self-start text-sm font-medium text-primary-ink underline underline-offset-2">
          {t('kyc.flow.backToOverview')}
        </Link>
        <h1 id="guide-title" className="text-2xl font-semibold">
          {t(`${k}.title`)}
        </h1>
        <p className="text-muted">{t(wordingKey(`${k}.intro`, sdk), values)}</p>
      </div>
      <Card title={t('kyc.guide.needsTitle')}>
        <ul className="list-disc ps-5">
          {NEEDS[level].map((n) => (
            <li key={n}>{t(`${k}.${n}`, values)}</li>
          ))}
        </ul>
      </Card>
      <Card title={t('kyc.guide.stepsTitle')}>
        <ol className="list-decimal ps-5">
          {STEPS[level].map((s) => (
            <li key={s} className="mt-1">
              {t(`${k}.${s}`, values)}
            </li>
          ))}
        </ol>
      </Card>
      <Card title={t('kyc.guide.tips.title')}>
        <ul className="list-disc ps-5">
          {(['tip1', 'tip2', 'tip3', 'tip4'] as const).map((tip) => (
            <li key={tip}>{t(`kyc.guide.tips.${tip}`)}</li>
          ))}
        </ul>
      </Card>
      <Card title={t('kyc.guide.privacy.title')}>
        <ul className="list-disc ps-5">
          {(['p1', 'p2', 'p3'] as const).map((p) => (
            <li key={p}>{t(`kyc.guide.privacy.${p}`)}</li>
          ))}
        </ul>
      </Card>
      <div>
        <Link href={flowHref(level)} className={buttonVariants({ variant: 'primary', size: 'large' })}>
          {t(`${k}.start`)}
        </Link>
      </div>
    </section>
  );
}

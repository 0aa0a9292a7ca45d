import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { updatePoiRequest } from '../../../../shared/api/reverification.ts';
import type { SubmitUpdateResult, UpdatePoiRequest } from '../../../../shared/api/reverification.ts';
import { validationMessageKey } from '../../../../shared/validation.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DateInput } from '../../../components/ui/date-input.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { LoadError, LoadingBlock } from '../../../components/ui/load-states.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { useDocumentTitle } from '../../../lib/page/document-title.ts';
import { useGlobalStore } from '../../../store/global.ts';
import { useCountryList } from '../api/country-list.ts';
import { useKycConfig } from '../api/kyc-config.ts';
import { usePersonalInfo } from '../api/personal-info.ts';
import { Level1Flow } from '../components/level1-flow.tsx';
import { BackToPage, UpdateGuard } from './components/update-guard.tsx';
import { UpdateSubmit } from './components/update-submit.tsx';

const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const DETAILS = updatePoiRequest.pick({ firstName: true, lastName: true, dateOfBirth: true, documentNumber: true, expiryDate: true });
type Details = { firstName: string; lastName: string; dateOfBirth: string; documentNumber: string; expiryDate: string };
type DetailKey = keyof Details;
const FIELDS: readonly DetailKey[] = ['firstName', 'lastName', 'dateOfBirth', 'documentNumber', 'expiryDate'];

/**
 * §2 updatekyc: a new identity document for re-verification. First what is printed on it (the
 * server compares it with the verified identity, §8 codes), then level 1's in-house capture
 * (country, type, photos, selfie), sent to update-poi instead of submit-application.
 */
export default function UpdatePoiScreen() {
  const { t } = useTranslation();
  const [sent, setSent] = useState<SubmitUpdateResult | null>(null);
  useDocumentTitle(t('reverification.update.POI'), t('reverification.title'));
  return (
    <section aria-labelledby="update-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link href="/reverification" className="self-start text-sm font-medium text-primary-ink underline underline-offset-2">
          {t('reverification.title')}
        </Link>
        <h1 id="update-title" className="text-2xl font-semibold">
          {t('reverification.update.POI')}
        </h1>
      </div>
      {sent ? <Sent /> : <UpdateGuard target="POI">{() => <PoiCapture onSent={setSent} />}</UpdateGuard>}
    </section>
  );
}

export function Sent() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4" data-testid="update-sent">
      <Alert variant="success" role="status">
        {t('reverification.update.sent')}
      </Alert>
      <BackToPage />
    </div>
  );
}

function PoiCapture({ onSent }: { onSent: (r: SubmitUpdateResult) => void }) {
  const { t } = useTranslation();
  const user = useGlobalStore((s) => s.user);
  const personal = usePersonalInfo();
  const countries = useCountryList();
  const config = useKycConfig();
  const [details, setDetails] = useState<Details | null>(null);

  if (personal.isError) return <LoadError title={t('kyc.overview.loadError')} error={personal.error} onRetry={() => void personal.refetch()} />;
  if (!personal.data?.info) return <LoadingBlock lines={6} />;
  const info = personal.data.info;

  if (!details) {
    return (
      <DetailsForm
        initial={{ firstName: info.firstName, lastName: info.lastName, dateOfBirth: info.dateOfBirth, documentNumber: '', expiryDate: '' }}
        onDone={setDetails}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <Card title={t('reverification.update.details')} headingLevel={2}>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          {FIELDS.map((k) => (
            <div key={k} className="contents">
              <dt className="text-muted">{t(`reverification.update.${k}`)}</dt>
              <dd className="m-0 break-words">
                <bdi dir="ltr">{details[k]}</bdi>
              </dd>
            </div>
          ))}
        </dl>
        <Button variant="default" size="small" className="mt-3" onClick={() => setDetails(null)}>
          {t('reverification.update.editDetails')}
        </Button>
      </Card>
      <Level1Flow
        userId={user.id}
        personalInfo={info}
        countries={countries.data?.list}
        maxBytes={config.data?.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES}
        // The update is sent by renderSubmit (update-poi), never as an application.
        onSubmitted={() => undefined}
        renderSubmit={(captured) => (
          <UpdateSubmit
            update={{
              target: 'POI',
              body: {
                ...details,
                country: captured.country,
                // A type update-poi does not take (BVN has no photos) is refused by its schema (10001).
                documentType: captured.documentType as UpdatePoiRequest['documentType'],
                documentIds: captured.documentIds,
              },
            }}
            onSent={onSent}
          />
        )}
      />
    </div>
  );
}

function DetailsForm({ initial, onDone }: { initial: Details; onDone: (d: Details) => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Details>(initial);
  const [errors, setErrors] = useState<Partial<Record<DetailKey, string>>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = DETAILS.safeParse(values);
    if (parsed.success) {
      onDone(parsed.data);
      return;
    }
    const next: Partial<Record<DetailKey, string>> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as DetailKey;
      next[key] ??= t(validationMessageKey(issue.message), { name: t(`reverification.update.${key}`), ...(issue as { params?: object }).params });
    }
    setErrors(next);
    // The first field in error takes the focus, so keyboard and screen-reader users land on it.
    const first = FIELDS.find((k) => next[k]);
    if (first) document.getElementById(`update-${first}`)?.focus();
  };
  const field = (key: DetailKey, control: 'text' | 'date', autoComplete?: string) => (
    <Field key={key} id={`update-${key}`} label={t(`reverification.update.${key}`)} required error={errors[key]}>
      {control === 'date' ? (
        <DateInput value={values[key]} onChange={(e) => setValues({ ...values, [key]: e.target.value })} autoComplete={autoComplete} />
      ) : (
        <TextInput value={values[key]} onChange={(e) => setValues({ ...values, [key]: e.target.value })} autoComplete={autoComplete} />
      )}
    </Field>
  );
  return (
    <Card title={t('reverification.update.details')} description={t('reverification.update.detailsIntro')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="update-details">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {field('firstName', 'text', 'given-name')}
          {field('lastName', 'text', 'family-name')}
          {field('dateOfBirth', 'date', 'bday')}
          {field('documentNumber', 'text', 'off')}
          {field('expiryDate', 'date', 'off')}
        </div>
        <Button type="submit" variant="primary" className="w-full sm:w-auto sm:self-start">
          {t('reverification.update.toPhotos')}
        </Button>
      </form>
    </Card>
  );
}

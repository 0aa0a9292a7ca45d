import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountryListEntry } from '../../../../shared/api/country-list.ts';
import type { PersonalInfo } from '../../../../shared/api/personal-info.ts';
import { nameOfCountry } from '../model/country-names.ts';

/** Saved personal information, read only (after submission, or before the user edits it). */
export function PersonalInfoView({ info, countries }: { info: PersonalInfo; countries: readonly CountryListEntry[] | undefined }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const country = (code: string) => nameOfCountry(countries, code, language);
  const dateOfBirth = formatDate(info.dateOfBirth, language);
  const name = [info.firstName, info.middleName, info.lastName].filter(Boolean).join(' ');
  const address = [info.addressLine1, info.addressLine2, [info.postalCode, info.city].filter(Boolean).join(' '), info.stateRegion, country(info.residenceCountry)].filter(Boolean);
  const rows: [string, ReactNode][] = [
    // Each value isolated (<bdi>): in Arabic, "51147 Köln" was drawn reordered as "Köln 51147".
    [t('kyc.personal.view.name'), <bdi>{name}</bdi>],
    [t('kyc.personal.fields.dateOfBirth'), dateOfBirth],
    [t('kyc.personal.fields.nationality'), country(info.nationality)],
    [t('kyc.personal.fields.residenceCountry'), country(info.residenceCountry)],
    [
      t('kyc.personal.addressHeading'),
      <span className="flex flex-col">
        {address.map((line, i) => (
          <span key={i}>
            <bdi>{line}</bdi>
          </span>
        ))}
      </span>,
    ],
  ];
  if (info.mobileNumber) {
    const dial = countries?.find((c) => c.countryCode === info.mobileCountry)?.regionCode;
    rows.push([t('kyc.personal.fields.mobileNumber'), <span dir="ltr">{dial ? `+${dial} ${info.mobileNumber}` : info.mobileNumber}</span>]);
  }
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-sm text-muted">{term}</dt>
          <dd className="m-0 break-words text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A YYYY-MM-DD date in the user's language, without a time zone shift. */
export function formatDate(iso: string, language: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  } catch {
    return iso;
  }
}

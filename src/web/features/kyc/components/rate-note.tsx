import { useTranslation } from 'react-i18next';
import type { FiatInfo } from '../../../store/global.ts';

/** The rate's time in the user's language (date and time, the user's time zone). */
function formatRateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    return date.toISOString();
  }
}

/**
 * Says which rate fiat figures use (decision 040): "Converted at the rate of {time}", or, when the
 * user's currency had no (fresh) rate, that the figures are in US dollars and why. Nothing for a US
 * dollar user or before the rate is known (figures are then in US dollars and labelled as such).
 */
export function RateNote({ fiat, locale }: { fiat: FiatInfo; locale: string }) {
  const { t } = useTranslation();
  if (fiat.converted && fiat.time && fiat.currency !== 'USD') {
    return (
      <p className="text-xs text-muted" data-testid="rate-note">
        {t('limits.rate.asOf', { currency: fiat.currency, time: formatRateTime(fiat.time, locale) })}
      </p>
    );
  }
  if (!fiat.converted && fiat.requested && fiat.requested !== 'USD') {
    return (
      <p className="text-xs text-muted" data-testid="rate-note">
        {t('limits.rate.none', { currency: fiat.requested })}
      </p>
    );
  }
  return null;
}

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VendorTokenResult } from '../../../../shared/api/vendor.ts';
import type { Provider, VerifiableLevel } from '../../../../shared/kyc.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { errorMessage } from '../../../lib/i18n/error-message.ts';
import { getVendorToken } from '../api/vendor-token.ts';
import { launchVendorSdk, VENDOR_NAMES } from '../model/vendor-sdk.ts';

const CONTAINER_ID = 'vendor-sdk';

type Phase = 'intro' | 'sdk' | 'redirecting';

/**
 * Verification with a vendor (Sumsub, Onfido, Jumio, IDnow, ADVANCE.AI): what it takes and who does
 * it, then the vendor's own screens — its SDK in our page, or its hosted page and back. When the
 * user has sent everything, `onSubmitted` lets the screen wait for the vendor's result.
 * `requestToken` starts another kind of session than first verification's vendor-token (a
 * re-verification update, decision 017).
 */
export function VendorFlow({ level, provider, onSubmitted, requestToken }: { level: VerifiableLevel; provider: Provider; onSubmitted: () => void; requestToken?: () => Promise<VendorTokenResult> }) {
  const { t, i18n } = useTranslation();
  const newSession = requestToken ?? (() => getVendorToken(level));
  const token = useMutation({ mutationFn: newSession });
  const [phase, setPhase] = useState<Phase>('intro');
  const [error, setError] = useState<string | null>(null);
  const vendor = VENDOR_NAMES[provider];

  const start = () => {
    setError(null);
    token.mutate(undefined, {
      onSuccess: (session) => {
        if (session.mode === 'REDIRECT') {
          setPhase('redirecting');
          window.location.assign(session.url);
          return;
        }
        setPhase('sdk');
        launchVendorSdk({
          provider: session.provider,
          sdkUrl: session.sdkUrl,
          token: session.token,
          externalId: session.externalId,
          containerId: CONTAINER_ID,
          language: i18n.resolvedLanguage ?? 'en',
          refreshToken: async () => (await newSession()).token,
          onSubmitted,
        }).catch(() => {
          setPhase('intro');
          setError(t('vendor.sdkFailed', { vendor }));
        });
      },
      onError: (err) => setError(errorMessage(t, err)),
    });
  };

  return (
    <div className="flex flex-col gap-4">
      {phase === 'intro' || phase === 'redirecting' ? (
        <Card data-testid="vendor-intro">
          <div className="flex flex-col gap-3">
            <h2 className="text-lg font-semibold">{t('vendor.title', { vendor })}</h2>
            <p className="text-muted">{t(`vendor.intro.${level}`, { vendor })}</p>
            <ul className="list-disc ps-5 text-sm">
              {(level === 1 ? ['document', 'selfie', 'light'] : ['proofOfAddress', 'light']).map((k) => (
                <li key={k}>{t(`vendor.needs.${k}`)}</li>
              ))}
            </ul>
            <p className="text-xs text-muted">{t('vendor.privacy', { vendor })}</p>
            {error ? (
              <Alert variant="error" title={t('vendor.failed')}>
                {error}
              </Alert>
            ) : null}
            <Button variant="primary" size="large" block loading={token.isPending || phase === 'redirecting'} onClick={start}>
              {phase === 'redirecting' ? t('vendor.redirecting', { vendor }) : error ? t('vendor.tryAgain') : t('vendor.start', { vendor })}
            </Button>
          </div>
        </Card>
      ) : null}
      {/* The vendor's SDK renders here (its own frame and controls). */}
      <div id={CONTAINER_ID} data-testid="vendor-sdk" hidden={phase !== 'sdk'} className="min-h-[560px] rounded-lg border border-line" aria-label={t('vendor.sdkLabel', { vendor })} role="region" />
    </div>
  );
}

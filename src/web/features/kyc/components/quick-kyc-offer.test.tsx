import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CanQuickKycResult } from '../../../../shared/api/quick-kyc.ts';
import { envelope, installFetch, resetRequestLayer } from '../../../lib/http/testing.ts';
import { renderKyc } from '../test-utils.tsx';
import { QuickKycOffer } from './quick-kyc-offer.tsx';

const NIGERIA: CanQuickKycResult = { eligible: true, reason: null, country: 'NG', provider: 'PROVIDER_SUMSUB', idTypes: ['BVN', 'NIN'], status: 'ALLOW', attemptsLeft: 3, retryAfterSeconds: 0 };

describe('the quick path on the overview', () => {
  beforeEach(() => resetRequestLayer());
  afterEach(() => vi.unstubAllGlobals());

  it('eligible: names the numbers and links to the vendor route', async () => {
    installFetch(() => envelope(NIGERIA));
    renderKyc(<QuickKycOffer />);
    expect(await screen.findByRole('heading', { name: 'Faster: verify with your identity number' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Use my Bank Verification Number (BVN) or National Identification Number (NIN)' })).toHaveAttribute('href', '/vendor');
  });

  it('not eligible (or the call failed): nothing is shown, the document path stays the one action', async () => {
    const calls = installFetch(() => envelope({ ...NIGERIA, eligible: false, reason: 'COUNTRY_NOT_OFFERED', idTypes: [] }));
    const { container } = renderKyc(<QuickKycOffer />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });
});

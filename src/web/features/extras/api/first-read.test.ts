import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, installFetch, resetRequestLayer } from '../../../lib/http/testing.ts';
import { createExtrasTestI18n } from '../test-utils.tsx';
import { affiliateInfoQuery } from './affiliate-info.ts';
import { kycInfoQuery } from '../../../lib/kyc-info/index.ts';
import { firstRead } from './first-read.ts';
import { kycAnnouncementsQuery } from './kyc-announcements.ts';

const display = { displayHkgPoaAgreement: false, isDisplayNewSatos: false, isDisplayNewRcOnboarding: false, isDisplaySatosToEu: false, isDisplayP2pRights: false };

/** A fake server; returns the paths asked, in order. */
function server(kycInfo: () => Response | Promise<Response>, announcements: number) {
  const calls = installFetch((call) => {
    const path = new URL(call.url, 'http://x').pathname;
    if (path.endsWith('/kyc-info')) return kycInfo();
    if (path.endsWith('/kyc-announcements')) return envelope({ items: Array.from({ length: announcements }, (_, i) => ({ id: `a${i}`, title: 't', body: 'b', publishedAt: '2026-01-01T00:00:00.000Z' })) });
    if (path.endsWith('/aff_user_info')) return envelope({ binding: null, showPopup: true, ackTag: 'AFFILIATE_POPUP_SEEN' });
    return envelope({}, 10011, 'not found');
  });
  return () => calls.map((c) => new URL(c.url, 'http://x').pathname.split('/').pop());
}

describe('the overview extras\' first reads', () => {
  beforeEach(() => {
    createExtrasTestI18n();
    resetRequestLayer();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('an announcement: kyc-info, then the announcements, no referral read; all in the cache once it resolves, read once per client', async () => {
    const asked = server(() => envelope({ bannerTags: ['KYC_ANNOUNCEMENT'], displayControl: display }), 1);
    const client = new QueryClient();
    const read = firstRead(client);
    expect(read).not.toHaveProperty('status', 'fulfilled');
    await read;
    // Settled, it says so as React's use() reads it: the overview then renders without suspending.
    expect(read).toHaveProperty('status', 'fulfilled');
    expect(asked()).toEqual(['kyc-info', 'kyc-announcements']);
    expect(client.getQueryData(kycInfoQuery.queryKey)).toBeDefined();
    expect(client.getQueryData(kycAnnouncementsQuery.queryKey)).toBeDefined();
    expect(client.getQueryData(affiliateInfoQuery.queryKey)).toBeUndefined();
    await firstRead(client);
    expect(asked()).toHaveLength(2);
  });

  it('nothing said (the announcements all read): the referral prompt\'s read too', async () => {
    const asked = server(() => envelope({ bannerTags: ['KYC_ANNOUNCEMENT'], displayControl: display }), 0);
    await firstRead(new QueryClient());
    expect(asked()).toEqual(['kyc-info', 'kyc-announcements', 'aff_user_info']);
  });

  it('a banner from kyc-info: no other read', async () => {
    const asked = server(() => envelope({ bannerTags: [], displayControl: { ...display, isDisplaySatosToEu: true } }), 0);
    await firstRead(new QueryClient());
    expect(asked()).toEqual(['kyc-info']);
  });

  it('a failed read resolves all the same (the page shows no notice, as before)', async () => {
    server(() => envelope({}, 10011, 'not found'), 0);
    await expect(firstRead(new QueryClient({ defaultOptions: { queries: { retry: false } } }))).resolves.toBeUndefined();
  });
});

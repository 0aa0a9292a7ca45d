import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sdkOpensUpdate } from '../shared/sdk-page.ts';
import { siteOf } from './request-context.ts';

const request = (hostname: string, headers: Record<string, string> = {}) => ({ hostname, headers }) as unknown as FastifyRequest;

/** Decision 040: the SDK page's `site` selects the site of SDK calls; everyone else's is their host's region. */
describe('siteOf', () => {
  it("follows the SDK page's site (kyc-access-site) on calls with an access token only, and only a known site", () => {
    expect(siteOf(request('localhost', { 'kyc-access-token': 'sat_x', 'kyc-access-site': 'hkg' }))).toEqual({ site: 'HKG' });
    expect(siteOf(request('www.example.ae', { 'kyc-access-token': 'sat_x', 'kyc-access-site': 'EU' }))).toEqual({ site: 'ARE' });
    // A web user's request: the header is not a way to another site's rules.
    expect(siteOf(request('localhost', { 'kyc-access-site': 'HKG' }))).toEqual({ site: 'MAIN' });
    expect(siteOf(request('www.example.hk:443'))).toEqual({ site: 'HKG' });
  });

  it("the SDK page's update parameter opens the update flow unless absent, false or 0", () => {
    expect([sdkOpensUpdate('true'), sdkOpensUpdate('poi'), sdkOpensUpdate('1')]).toEqual([true, true, true]);
    expect([sdkOpensUpdate(null), sdkOpensUpdate(''), sdkOpensUpdate('false'), sdkOpensUpdate('0')]).toEqual([false, false, false, false]);
  });
});

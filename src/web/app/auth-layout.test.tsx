import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { envelope, installFetch, resetRequestLayer, type FakeCall } from '../lib/http/testing.ts';
import { useToastStore } from '../lib/notify/index.ts';
import { NO_FIAT, useGlobalStore } from '../store/global.ts';
import { renderKyc } from '../features/kyc/test-utils.tsx';
import AuthLayout from './auth-layout.tsx';

/**
 * §4, §8 "Profile error other than 10007: profileError true, no message" (issue 30), and the §3 rate
 * set from the exchange's rate for the user's currency after the profile (decision 040).
 */
let calls: FakeCall[];
let profile: () => Response;
let rate: () => Response;

beforeEach(() => {
  resetRequestLayer();
  useGlobalStore.setState({ user: {}, rate: 1, fiat: NO_FIAT });
  useToastStore.setState({ toasts: [] });
  calls = installFetch((call) => (call.url.includes('/fiat-rate') ? rate() : profile()));
});
afterEach(() => resetRequestLayer());

const PROFILE = { id: 'u1', email: 'a@example.com', role: 'user', currency_code: 'EUR', sub_attribute: '', member_tag: {}, level: 0, created_at: '2026-01-01T00:00:00.000Z' };

describe('AuthLayout', () => {
  it('a profile failure other than 10007 shows the profile-error screen and sets profileError, with no toast', async () => {
    profile = () => envelope({}, 10000, 'internal error');
    renderKyc(<AuthLayout />);
    expect(await screen.findByRole('heading', { name: "We couldn't load your account" })).toBeInTheDocument();
    await waitFor(() => expect(useGlobalStore.getState().user.profileError).toBe(true));
    expect(useToastStore.getState().toasts).toEqual([]);
    expect(calls.some((c) => c.url.includes('/fiat-rate'))).toBe(false);
  });

  it("sets the store's rate and its time from the server's rate for the profile's currency", async () => {
    profile = () => envelope(PROFILE);
    rate = () => envelope({ currency: 'EUR', rate: '0.92', time: '2026-11-28T09:30:00.000Z', converted: true, requested: 'EUR' });
    renderKyc(<AuthLayout />);
    await waitFor(() => expect(useGlobalStore.getState().rate).toBe(0.92));
    expect(useGlobalStore.getState().fiat).toEqual({ currency: 'EUR', time: '2026-11-28T09:30:00.000Z', converted: true, requested: 'EUR' });
  });
});

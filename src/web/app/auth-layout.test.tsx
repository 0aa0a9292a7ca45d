import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, installFetch, resetRequestLayer, type FakeCall } from '../lib/http/testing.ts';
import { useToastStore } from '../lib/notify/index.ts';
import { NO_FIAT, useGlobalStore } from '../store/global.ts';
import { createKycTestI18n, renderKyc } from '../features/kyc/test-utils.tsx';
import { renderInApp } from '../test/render.tsx';
import AuthLayout from './auth-layout.tsx';

/** The screens, replaced by one that counts its renders (what the layout does with them is under test, not the screens). */
const screenRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./routes.ts', () => ({
  authRoutesFor: () => [
    {
      path: 'personal',
      load: async () => ({
        default: function CountingScreen() {
          screenRenders.count++;
          return <h1>Counted screen</h1>;
        },
      }),
    },
  ],
}));

/**
 * §4, §8 "Profile error other than 10007: profileError true, no message" (issue 30), and the §3 rate
 * set from the exchange's rate for the user's currency after the profile (decision 040).
 */
let calls: FakeCall[];
let profile: () => Response;
let rate: () => Response | Promise<Response>;

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

  it('does not render the screen again when the rate arrives after it is shown (decision 064)', async () => {
    profile = () => envelope(PROFILE);
    let answerRate!: () => void;
    const rateAsked = new Promise<void>((resolve) => (answerRate = resolve));
    rate = () => rateAsked.then(() => envelope({ currency: 'EUR', rate: '0.92', time: '2026-11-28T09:30:00.000Z', converted: true, requested: 'EUR' }));
    renderInApp(<AuthLayout />, createKycTestI18n(), { path: '/personal' });
    expect(await screen.findByRole('heading', { name: 'Counted screen' })).toBeInTheDocument();
    const before = screenRenders.count;
    answerRate();
    await waitFor(() => expect(useGlobalStore.getState().rate).toBe(0.92));
    // The layout rendered again for the rate (its query's state changed); the screen below did not.
    expect(screenRenders.count).toBe(before);
  });
});

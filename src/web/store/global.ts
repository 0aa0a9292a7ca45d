import { create } from 'zustand';
import type { UserProfile } from '../../shared/api/profile.ts';
import { setAnalyticsUserId } from '../lib/analytics/index.ts';

/** §3: the user as the app knows it: the profile, or in SDK mode the SDK token info. */
export type AppUser = Partial<UserProfile> & {
  profileError?: boolean;
  sdkToken?: string;
  sdkLang?: string;
  sdkFrom?: string;
  isSdk?: boolean;
  isUpdatePoi?: boolean;
  hidden?: boolean;
  accessOrigin?: string;
  extraParams?: { redirect_url?: string };
};

/** Page-provided initial compliance configuration (§3), read once from `window.__COMPLIANCE_CONFIG__`. */
export type ComplianceConfig = Record<string, unknown>;

function initialComplianceConfig(): ComplianceConfig {
  const provided = (globalThis as { __COMPLIANCE_CONFIG__?: unknown }).__COMPLIANCE_CONFIG__;
  return provided && typeof provided === 'object' ? (provided as ComplianceConfig) : {};
}

/**
 * What `rate` converts to (decision 040): the currency amounts are shown in, the time the rate was
 * published, and the user's own currency. `converted` false: there was no rate for `requested`, so
 * amounts stay in US dollars and the screen says so. Until the server answers: USD, nothing requested.
 */
export interface FiatInfo {
  currency: string;
  time: string | null;
  converted: boolean;
  requested: string;
}

export const NO_FIAT: FiatInfo = { currency: 'USD', time: null, converted: false, requested: '' };

interface GlobalState {
  user: AppUser;
  rate: number;
  fiat: FiatInfo;
  complianceConfig: ComplianceConfig;
  /** Replaces the user and records its id as the analytics id (§4). */
  setUser: (user: AppUser) => void;
  setRate: (rate: number) => void;
  /** The server's rate for the user's currency (GET fiat-rate): sets `rate` and `fiat` together. */
  setFiatRate: (rate: number, fiat: FiatInfo) => void;
  setComplianceConfig: (config: ComplianceConfig) => void;
}

export const useGlobalStore = create<GlobalState>()((set) => ({
  user: {},
  rate: 1,
  fiat: NO_FIAT,
  complianceConfig: initialComplianceConfig(),
  setUser: (user) => {
    setAnalyticsUserId(user.id ?? null);
    set({ user });
  },
  setRate: (rate) => set({ rate }),
  setFiatRate: (rate, fiat) => set({ rate, fiat }),
  setComplianceConfig: (complianceConfig) => set({ complianceConfig }),
}));

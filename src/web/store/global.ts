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

interface GlobalState {
  user: AppUser;
  rate: number;
  complianceConfig: ComplianceConfig;
  /** Replaces the user and records its id as the analytics id (§4). */
  setUser: (user: AppUser) => void;
  setRate: (rate: number) => void;
  setComplianceConfig: (config: ComplianceConfig) => void;
}

export const useGlobalStore = create<GlobalState>()((set) => ({
  user: {},
  rate: 1,
  complianceConfig: initialComplianceConfig(),
  setUser: (user) => {
    setAnalyticsUserId(user.id ?? null);
    set({ user });
  },
  setRate: (rate) => set({ rate }),
  setComplianceConfig: (complianceConfig) => set({ complianceConfig }),
}));

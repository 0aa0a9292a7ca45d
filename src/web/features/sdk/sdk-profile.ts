import type { AppUser } from '../../store/global.ts';
import { getSdkTokenInfo } from './api/token-info.ts';
import { learnSdkBusiness, sdkUserFields, type SdkSession } from './sdk-session.ts';

/** The SDK mode's user as the app keeps it: token info plus the §3 SDK fields. */
export type SdkUser = AppUser & { redirectAllowlist?: string[]; targetLevel?: 1 | 2; businessName?: string };

/**
 * §7: in SDK mode the profile is the sdk token info, merged with currency_code USD and id set to the
 * SDK token; its errors are swallowed silently (the user then has the address's SDK fields only).
 */
export async function getSdkProfile(session: SdkSession): Promise<SdkUser> {
  const base = sdkUserFields(session);
  try {
    const info = await getSdkTokenInfo(session.isUpdatePoi);
    // A link without the business marker: the token says whose it is (a web user's own says 'web': no marker).
    learnSdkBusiness(info.business.id);
    return {
      ...base,
      level: info.level,
      ...(info.email ? { email: info.email } : {}),
      ...(info.sdkLang ? { sdkLang: info.sdkLang } : {}),
      sdkFrom: info.sdkFrom,
      accessOrigin: info.accessOrigin,
      extraParams: info.extraParams.redirect_url ? { redirect_url: info.extraParams.redirect_url } : {},
      redirectAllowlist: info.redirectAllowlist,
      targetLevel: info.targetLevel,
      businessName: info.business.name,
      currency_code: 'USD',
      id: session.token,
    };
  } catch {
    return base;
  }
}

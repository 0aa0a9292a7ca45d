import { z } from 'zod';
import { ValidationMessage } from '../validation.ts';
import type { Region } from '../sites.ts';

import { HelpLink } from '../sites.ts';

export { HelpLink };

/** GET /v1/public/site-config: the user's chosen language picks the help-centre language prefix. */
export const siteConfigQuery = z.object({
  lang: z
    .string({ error: ValidationMessage.TYPE })
    .max(16, { error: ValidationMessage.MAX_LENGTH })
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,4})?$/, { error: ValidationMessage.TYPE })
    .optional(),
});
export type SiteConfigQuery = z.infer<typeof siteConfigQuery>;

export interface SiteConfig {
  /** §1: from the hostname the request came to. */
  region: Region;
  /** Languages of that region and its default (§9). */
  languages: readonly string[];
  defaultLanguage: string;
  /** Absolute help-centre addresses (§2), in the user's language where the site has it. */
  helpLinks: Record<HelpLink, string>;
  /** §2 jump-back targets. */
  jumpBack: {
    /** Where a web user returns to. */
    defaultUrl: string;
    /** Where an SDK user returns to when no allowed redirect_url was supplied. */
    sdkUrl: string;
    /** Origins that extraParams.redirect_url may point to (config REDIRECT_ALLOWLIST). */
    redirectAllowlist: readonly string[];
  };
}

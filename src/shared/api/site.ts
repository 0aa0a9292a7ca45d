import { z } from '../zod.ts';
import { ValidationMessage } from '../validation.ts';
import { HelpLink, Region } from '../sites.ts';

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

export const siteConfigResult = z.object({
  /** §1: from the hostname the request came to. */
  region: z.enum(Region),
  /** Languages of that region and its default (§9). */
  languages: z.array(z.string()).readonly(),
  defaultLanguage: z.string(),
  /** Absolute help-centre addresses (§2), in the user's language where the site has it. */
  helpLinks: z.record(z.enum(HelpLink), z.string()),
  /** The exchange's app download page (APP_DOWNLOAD_URL), null when not configured: the Turkey region's re-verification is done in the app. */
  appUrl: z.string().nullable(),
  /** §2 jump-back targets. */
  jumpBack: z.object({
    /** Where a web user returns to. */
    defaultUrl: z.string(),
    /** Where an SDK user returns to when no allowed redirect_url was supplied. */
    sdkUrl: z.string(),
    /** Origins that extraParams.redirect_url may point to (config REDIRECT_ALLOWLIST). */
    redirectAllowlist: z.array(z.string()).readonly(),
  }),
});
export type SiteConfig = z.output<typeof siteConfigResult>;

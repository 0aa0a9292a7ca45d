import { StepStatus } from '../../../shared/kyc.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { languageForCountry, type MailTemplates } from '../../mail/templates.ts';
import type { EventSubscriber } from '../events/events.service.ts';

/**
 * Issue 27 (decision 057): the user learns by e-mail that a level is verified — whoever verified it
 * (a reviewer, a vendor's webhook, quick KYC, an override), since it reacts to the level's event after
 * the commit. In the language of the residence country (as the re-verification mails), at most once
 * per event (`ctx.once`), and not at all when the level is no longer reached by the time it runs (an
 * override undid it) or the account has no address any more.
 */
export function createLevelApprovedMail({
  mailer,
  templates,
  publicUrl,
  emailOf,
  residenceOf,
  levelOf,
}: {
  mailer: Mailer;
  /** The `kyc` part of the locales: `mail.levelApproved.subject` / `.body`. */
  templates: MailTemplates;
  publicUrl: string;
  emailOf(userId: string): Promise<string | undefined>;
  residenceOf(userId: string): Promise<string>;
  levelOf(userId: string): Promise<number>;
}): EventSubscriber<'kyc.level.status_changed'> {
  return {
    name: 'kyc.level-approved-mail',
    types: ['kyc.level.status_changed'],
    async handle({ data }, ctx) {
      if (data.status !== StepStatus.SUCCESS || data.previousStatus === StepStatus.SUCCESS) return;
      if ((await levelOf(data.userId)) < data.level) return;
      const email = await emailOf(data.userId);
      if (!email) return;
      const lng = languageForCountry(await residenceOf(data.userId));
      await ctx.once(() => mailer.send(templates.render(lng, 'levelApproved', email, { level: String(data.level), link: `${publicUrl}/user/accounts/auth/kyc` })));
    },
  };
}

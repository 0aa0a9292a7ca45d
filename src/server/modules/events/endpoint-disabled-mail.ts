import type { Db } from '../../db/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { MailTemplates } from '../../mail/templates.ts';
import { findEndpoint } from './events.repo.ts';
import type { EventSubscriber } from './subscribers.ts';

/**
 * Issue 29: "an endpoint failing for days is disabled and administrators are told". The relay
 * publishes `kyc.webhook_endpoint.disabled` in the transaction that turns the endpoint off; this
 * subscriber e-mails every administrator who can sign in, after the commit, once per event
 * (`ctx.once`), in English (a console member's language is not known), with the console's page to
 * turn it on again and send what it missed.
 */
export function createEndpointDisabledMail({
  db,
  mailer,
  templates,
  publicUrl,
  administrators,
}: {
  db: Db;
  mailer: Mailer;
  /** The `webhooks-console` part of the locales: `mail.endpointDisabled.subject` / `.body`. */
  templates: MailTemplates;
  publicUrl: string;
  /** The e-mail addresses of the administrators who can sign in. */
  administrators(): Promise<string[]>;
}): EventSubscriber<'kyc.webhook_endpoint.disabled'> {
  return {
    name: 'events.endpoint-disabled-mail',
    types: ['kyc.webhook_endpoint.disabled'],
    async handle({ data }, ctx) {
      // Deleted since: nothing to turn on again.
      const endpoint = await findEndpoint(db, data.endpointId);
      if (!endpoint) return;
      const to = await administrators();
      const vars = { url: endpoint.url, since: data.failingSince, link: `${publicUrl}/user/accounts/console/webhooks` };
      await ctx.once(async () => {
        for (const email of to) await mailer.send(templates.render('en', 'endpointDisabled', email, vars));
      });
    },
  };
}

/**
 * The mail port: how the server tells a person something at their e-mail address (registration
 * outcomes today). Implementations: `logMailer` (development: the message goes to the server log),
 * `createFakeMailer` (tests). A real transport (SMTP, a provider's API) implements the same
 * interface; until one is configured, nothing leaves the machine.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Development: writes each message, whole, to the log (the address included: never in production). */
export function logMailer(log: { info(obj: object, msg: string): void }): Mailer {
  return {
    async send(message) {
      log.info({ mail: message }, `mail to ${message.to}: ${message.subject}`);
    },
  };
}

/** Tests: keeps the messages in memory, in order. */
export function createFakeMailer(): Mailer & { sent: MailMessage[]; to(address: string): MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    to: (address) => sent.filter((m) => m.to === address),
    async send(message) {
      sent.push(message);
    },
  };
}

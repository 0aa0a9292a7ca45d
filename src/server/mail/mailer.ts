/**
 * The mail port: how the server tells a person something at their e-mail address (registration
 * outcomes today). Implementations: `logMailer` (scripts: the log says a message was sent),
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

/**
 * Scripts without a mail server: logs that a message was sent, never its text (a confirmation link or
 * an e-mailed code in it is a one-time secret: decision 036). The outbox (transports.ts) keeps whole messages.
 */
export function logMailer(log: { info(obj: object, msg: string): void }): Mailer {
  return {
    async send(message) {
      log.info({ mail: { to: message.to, subject: message.subject } }, `mail to ${message.to}: ${message.subject}`);
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

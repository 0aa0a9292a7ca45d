import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailMessage, Mailer } from './mailer.ts';

export interface MailConfig {
  /** smtp:// or smtps:// with credentials in the URL; undefined: the outbox. */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}

type Log = { info(obj: object, msg: string): void };

/**
 * SMTP through nodemailer (decision 017): one pooled transport per server, the sender from config.
 * A refused or failed delivery throws, so the caller's request fails loudly rather than telling the
 * user "we sent you a code" when nothing left.
 */
export function smtpMailer(url: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(url, { from });
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
    close: () => transport.close(),
  };
}

/** One message as an RFC 5322 file any mail client opens (UTF-8, quoted-printable-free: 8bit text). */
export function toEml(message: MailMessage, from: string, date = new Date()): string {
  const subject = /^[\x20-\x7e]*$/.test(message.subject) ? message.subject : `=?UTF-8?B?${Buffer.from(message.subject, 'utf8').toString('base64')}?=`;
  return [
    `From: ${from}`,
    `To: ${message.to}`,
    `Subject: ${subject}`,
    `Date: ${date.toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    message.text.replace(/\r?\n/g, '\r\n'),
    '',
  ].join('\r\n');
}

/**
 * Development and self-hosting without a mail server: every message is written to the outbox
 * directory as `<time>-<id>.eml` (open it with any mail client, or read it as text), and the log
 * says where. Nothing leaves the machine.
 */
export function outboxMailer(dir: string, from: string, log: Log): Mailer {
  return {
    async send(message) {
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, toEml(message, from), { mode: 0o600 });
      log.info({ mail: { to: message.to, subject: message.subject, file } }, `mail to ${message.to}: ${message.subject} (outbox: ${file})`);
    },
  };
}

/** The server's mailer from its configuration: SMTP when SMTP_URL is set, else the outbox. */
export function mailerFromConfig(mail: MailConfig, log: Log): Mailer {
  return mail.smtpUrl ? smtpMailer(mail.smtpUrl, mail.from) : outboxMailer(mail.outboxDir, mail.from, log);
}

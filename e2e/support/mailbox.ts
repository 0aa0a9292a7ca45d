/**
 * Browser tests' mailbox: the e2e server (server.ts) sends mail into a file instead of the log, one
 * JSON message a line, and specs read the links a person would find in their inbox. Test support
 * only: production code never writes mail to a file. The file is named after the server's port
 * (each developer's run has its own) because the spec processes do not know the server's data
 * directory; the server empties it when it starts.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MailMessage, Mailer } from '../../src/server/mail/mailer.ts';

export const mailboxFile = (port: string = process.env.E2E_PORT ?? '8181') => path.join(tmpdir(), `ua-e2e-mail-${port}.jsonl`);

/** For the e2e server: starts an empty mailbox and returns a mailer that appends to it. */
export function fileMailer(file = mailboxFile()): Mailer {
  writeFileSync(file, '');
  return {
    async send(message) {
      appendFileSync(file, `${JSON.stringify(message)}\n`);
    },
  };
}

/** The messages sent to `address`, oldest first. */
export function mailTo(address: string, file = mailboxFile()): MailMessage[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MailMessage)
    .filter((m) => m.to === address);
}

/**
 * The path (with its query) of the newest confirmation link mailed to `address`. The server sends
 * the mail before it answers the registration, so it is there once the page shows the reply.
 */
export function confirmationLinkFor(address: string): string {
  return mailedLinkFor(address, 'confirm');
}

/** The same for a password-reset link (issue 27), mailed before "Forgot password?" answers. */
export function resetLinkFor(address: string): string {
  return mailedLinkFor(address, 'reset');
}

function mailedLinkFor(address: string, kind: 'confirm' | 'reset'): string {
  const pattern = new RegExp(`https?://\\S+/login\\?${kind}=[\\w-]+`, 'g');
  const link = mailTo(address).flatMap((m) => m.text.match(pattern) ?? []).at(-1);
  if (!link) throw new Error(`no ${kind} link was mailed to ${address}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

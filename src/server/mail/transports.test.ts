import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailerFromConfig, outboxMailer } from './transports.ts';

/**
 * The two real transports: SMTP against a local SMTP server speaking the real protocol on 127.0.0.1
 * (the boundary is faked, not nodemailer), and the outbox directory.
 */
/** The text body of a single-part message, decoded by its Content-Transfer-Encoding. */
function bodyOf(raw: string): string {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const body = rest.join('\r\n\r\n');
  const cte = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
  if (cte === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (cte === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

describe('SMTP (SMTP_URL)', () => {
  const received: { from: string; to: string[]; data: string; user: string | undefined }[] = [];
  let server: SMTPServer;
  let port: number;
  beforeAll(async () => {
    server = new SMTPServer({
      secure: false,
      authOptional: false,
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, cb) {
        if (auth.username === 'mailer' && auth.password === 's3cret') cb(null, { user: auth.username });
        else cb(new Error('invalid credentials'));
      },
      onData(stream, session, cb) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data, user: session.user as string | undefined });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers with authentication, the configured sender, a UTF-8 subject and body', async () => {
    const mailer = mailerFromConfig({ smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${port}`, from: 'Accounts <no-reply@accounts.test>', outboxDir: '/nonexistent' }, { info: () => {} });
    await mailer.send({ to: 'ada@example.com', subject: 'Bitte verifizieren Sie Ihr Ausweisdokument erneut', text: 'Grüße — 12345' });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'no-reply@accounts.test', to: ['ada@example.com'], user: 'mailer' });
    expect(received[0]!.data).toMatch(/^Subject: .*Bitte verifizieren/m);
    expect(bodyOf(received[0]!.data)).toContain('Grüße — 12345');
  });

  it('a refused login fails the send (the caller does not claim a mail went out)', async () => {
    const mailer = mailerFromConfig({ smtpUrl: `smtp://mailer:wrong@127.0.0.1:${port}`, from: 'no-reply@accounts.test', outboxDir: '/nonexistent' }, { info: () => {} });
    await expect(mailer.send({ to: 'ada@example.com', subject: 'x', text: 'y' })).rejects.toThrow();
    expect(received).toHaveLength(1);
  });
});

describe('outbox (no SMTP_URL)', () => {
  it('writes each message as an .eml file and logs where', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'ua-outbox-')), 'outbox');
    const lines: string[] = [];
    const mailer = outboxMailer(dir, 'no-reply@localhost', { info: (_o, msg) => lines.push(msg) });
    await mailer.send({ to: 'ada@example.com', subject: 'Ihr Bestätigungscode', text: 'Code 123456\nZeile 2' });
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(dir, files[0]!), 'utf8');
    expect(eml).toContain('To: ada@example.com\r\n');
    expect(eml).toContain(`Subject: =?UTF-8?B?${Buffer.from('Ihr Bestätigungscode').toString('base64')}?=`);
    expect(eml).toContain('Code 123456\r\nZeile 2');
    expect(lines[0]).toContain(path.join(dir, files[0]!));
  });
});

import { isIP } from 'node:net';
import { isLoopbackHost, type Config } from './config.ts';
import { isPrivateAddress } from './modules/limits/limits.service.ts';
import { isPublishedSecret, type VendorName } from './published-secrets.ts';

/**
 * The production readiness check (docs/decisions/035): every setting that is unsafe or incomplete for
 * real users, each with what to do. `npm run doctor` prints it and exits 1 on any blocker; the server
 * runs the same check at every start and logs it. Pure over the config and a few facts read from the
 * database, so both say the same thing.
 */

/** A blocker makes the deployment unsafe or not working for real users; a warning deserves a look. */
export type Severity = 'blocker' | 'warning';

export interface ReadinessItem {
  /** Stable name of the check (tests, log filters). */
  id: string;
  severity: Severity;
  /** What is wrong, in one sentence. */
  problem: string;
  /** What to do about it. */
  fix: string;
}

/** What the check needs from the database; null: not known (no database yet). */
export interface ReadinessFacts {
  /** An enabled account with the console's administrator role exists. */
  administratorExists: boolean | null;
}

/** The reviewers' session lifetime above which a stolen cookie is worth too much (a working day). */
const REVIEWER_SESSION_LIMIT_HOURS = 8;

const VENDORS: readonly VendorName[] = ['sumsub', 'onfido', 'jumio', 'idnow', 'aai'];

export function checkReadiness(config: Config, facts: ReadinessFacts): ReadinessItem[] {
  const items: ReadinessItem[] = [];
  const add = (id: string, severity: Severity, problem: string, fix: string) => items.push({ id, severity, problem, fix });
  const publicUrl = config.vendors.publicUrl;
  const https = publicUrl?.startsWith('https://') ?? false;

  if (config.demo) {
    add(
      'demo',
      'blocker',
      `Demo mode is on${config.demoExplicit ? ' (DEMO=true)' : ' (the default while listening on loopback only)'}: demo accounts with published passwords, vendor fakes, the partner demo page and published secrets.`,
      isLoopbackHost(config.host) && !config.demoExplicit ? 'Set DEMO=false (or listen on a public address, use DATABASE_URL or an https PUBLIC_URL: each turns the default off).' : 'Remove DEMO=true (or set DEMO=false).',
    );
  }
  if (!config.mail.smtpUrl) {
    add('smtp', 'blocker', `No SMTP_URL: e-mails (sign-up confirmation links, codes, notices) are only written to ${config.mail.outboxDir}; nobody receives them.`, 'Set SMTP_URL=smtps://user:password@mail.example.com:465 and MAIL_FROM to your sender address.');
  } else if (/@localhost>?$/i.test(config.mail.from)) {
    add('mail-from', 'warning', `MAIL_FROM is ${config.mail.from}: mail servers reject or bin such a sender.`, 'Set MAIL_FROM, e.g. "Accounts <no-reply@exchange.example>".');
  }
  if (!publicUrl) {
    add('public-url', 'blocker', 'PUBLIC_URL is not set: vendors get no callback address, and session cookies are not marked Secure.', 'Set PUBLIC_URL to the https address users and vendors reach, e.g. https://accounts.exchange.example.');
  } else if (!https) {
    add('public-url', 'blocker', `PUBLIC_URL is ${publicUrl}, not https: passwords, session cookies and documents would cross the network readable.`, 'Serve the site over TLS (a reverse proxy) and set PUBLIC_URL to its https:// address.');
  }
  if (https && config.trustProxy === false) {
    add(
      'trust-proxy',
      'blocker',
      'PUBLIC_URL is https but TRUST_PROXY is unset: behind the TLS proxy every client looks like the proxy, so per-IP limits (logins, sign-ups) hit everybody at once and logs show the proxy.',
      'Set TRUST_PROXY to your proxy addresses (e.g. TRUST_PROXY=10.0.0.5), or TRUST_PROXY=true when it is on this machine or a private network.',
    );
  }
  if (config.database.kind === 'sqlite') {
    add('database', 'warning', `The embedded database (${config.database.file}) serves one server only.`, 'For more than one server, or managed backups, set DATABASE_URL=postgres://… (and DATA_ENCRYPTION_KEY).');
    if (!config.dataEncryptionKey) {
      add('master-key', 'warning', 'No DATA_ENCRYPTION_KEY: the master key that opens every document is generated into DATA_DIR/keys/master.key.', 'Back that file up apart from the documents, or set DATA_ENCRYPTION_KEY (`openssl rand -base64 32`) and keep it in your secret store.');
    }
  } else if (config.documentStore.kind === 'file') {
    add('document-store', 'warning', `Documents are files in ${config.documentStore.dir} while the database is shared: every server must see that same directory.`, 'Use DOCUMENT_STORE_URL=s3://… or database:, or make sure the directory is one shared volume, backed up with the database.');
  }
  for (const vendor of VENDORS) {
    const settings = config.vendors[vendor];
    if (!settings) continue;
    const name = `${vendor.toUpperCase()}_WEBHOOK_SECRET`;
    if (!settings.webhookSecret || (!config.demo && isPublishedSecret(settings.webhookSecret))) {
      add(`webhook-secret-${vendor}`, 'blocker', `${vendor} credentials are set without their own ${name}: its webhooks (verification results) could be forged or are refused.`, `Set ${name} to the secret configured in the ${vendor} dashboard.`);
    }
  }
  if (config.fourEyes.length === 0) {
    add('four-eyes', 'warning', 'FOUR_EYES_RULES is empty: one reviewer alone approves level 2 and enhanced due diligence and makes final rejections.', 'Remove FOUR_EYES_RULES to get the default rules, or list the decisions that need a second reviewer.');
  }
  if (config.retention.jobIntervalMs === 0) {
    add('retention', 'warning', 'RETENTION_JOB_INTERVAL_MINUTES is 0: this server never removes verification data whose retention period is over.', 'Unless another server of this database runs it, remove the setting (hourly by default).');
  }
  if (facts.administratorExists === false) {
    add(
      'administrator',
      'blocker',
      'No console administrator: nobody can give reviewers their roles, check the audit trail or handle retention.',
      'Create one: `node scripts/create-reviewer.ts you@company.example --role administrator` (password on standard input).',
    );
  }
  // Decision 043: every verified user's name, date of birth and nationality (and YENTE_API_KEY) go to yente.
  const yenteUrl = config.screening.yente?.url;
  if (yenteUrl?.startsWith('http://') && !isInternalHost(new URL(yenteUrl).hostname)) {
    add(
      'yente-http',
      'warning',
      `YENTE_URL is ${yenteUrl}: plain http to a host that may be public, so every screened user's name and date of birth${config.screening.yente?.apiKey ? ' and YENTE_API_KEY' : ''} would cross the network readable.`,
      'Use https://, or reach yente on a private network: a private address, or an internal name (http://yente:8000, *.internal, *.svc.cluster.local).',
    );
  }
  const reviewerHours = config.reviewerSessionTtlMs / 3600_000;
  if (reviewerHours > REVIEWER_SESSION_LIMIT_HOURS) {
    add('reviewer-sessions', 'warning', `Reviewer sessions last ${reviewerHours} h: reviewers read every identity document, and a stolen session stays useful that long.`, `Set REVIEWER_SESSION_TTL_HOURS to ${REVIEWER_SESSION_LIMIT_HOURS} or less.`);
  }
  return items;
}

/**
 * A host that is not on the public internet: loopback, a private address, a one-label name (a
 * container or compose service), or a name under a suffix kept for internal use. Any other name is
 * taken for a public one (the check is offline: nothing is resolved).
 */
export function isInternalHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (isLoopbackHost(h)) return true;
  if (isIP(h)) return isPrivateAddress(h);
  return !h.includes('.') || /\.(internal|local|lan|intranet|corp|home\.arpa|localhost|svc|cluster\.local)$/.test(h);
}

/** The facts the check reads from a migrated database, through the module that knows them. */
export async function readinessFacts(staff: { administratorExists(): Promise<boolean> }): Promise<ReadinessFacts> {
  return { administratorExists: await staff.administratorExists() };
}

export const hasBlocker = (items: readonly ReadinessItem[]) => items.some((i) => i.severity === 'blocker');

/** The report as lines of text (doctor's output). */
export function formatReadiness(items: readonly ReadinessItem[]): string[] {
  if (items.length === 0) return ['Ready for production: no blocker, no warning.'];
  const blockers = items.filter((i) => i.severity === 'blocker').length;
  const lines = [`${blockers} blocker(s), ${items.length - blockers} warning(s):`, ''];
  for (const i of [...items].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'blocker' ? -1 : 1))) {
    lines.push(`${i.severity === 'blocker' ? 'BLOCKER' : 'warning'}  ${i.problem}`, `         → ${i.fix}`, '');
  }
  return lines;
}

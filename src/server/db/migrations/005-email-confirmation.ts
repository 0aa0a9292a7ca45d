import { sql, type Kysely } from 'kysely';

/**
 * E-mail confirmation before the first login (decision 013): `users.email_confirmed_at` is null for
 * an account made by self-service registration until its owner opens the link mailed to the address.
 * Accounts that exist already were made before this rule (or by scripts and seeding): confirmed.
 *
 * `email_confirmations` holds the mailed links: only a SHA-256 of the token (like sessions), single use
 * (the row is deleted when used), with an expiry. Each row carries the password hash chosen by the
 * registration that mailed it, so the link sets the password of whoever asked for that link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_confirmed_at', 'text').execute();
  await sql`update users set email_confirmed_at = created_at`.execute(db);

  await db.schema
    .createTable('email_confirmations')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_confirmations_user_id').on('email_confirmations').column('user_id').execute();
}

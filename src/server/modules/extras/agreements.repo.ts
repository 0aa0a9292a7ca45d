import type { Kysely } from 'kysely';
import type { AgreementAcceptancesTable, AgreementVersionsTable, Database } from '../../db/schema.ts';

type Q = Kysely<Database>;

/** The newest version of each product asked about. */
export async function findCurrentVersions(db: Q, products: readonly string[]): Promise<Map<string, AgreementVersionsTable>> {
  if (products.length === 0) return new Map();
  const rows = await db.selectFrom('agreement_versions').selectAll().where('product', 'in', products).orderBy('product').orderBy('version', 'desc').execute();
  const out = new Map<string, AgreementVersionsTable>();
  for (const r of rows) if (!out.has(r.product)) out.set(r.product, r);
  return out;
}

/**
 * The newest version number of each product asked about, without the texts: kyc-info only asks
 * whether an acceptance is due, and reading every version's title and body on each call was its
 * costliest statement (issue 15).
 */
export async function findCurrentVersionNumbers(db: Q, products: readonly string[]): Promise<Map<string, number>> {
  if (products.length === 0) return new Map();
  const rows = await db.selectFrom('agreement_versions').select(['product', (eb) => eb.fn.max('version').as('version')]).where('product', 'in', products).groupBy('product').execute();
  return new Map(rows.map((r) => [r.product, Number(r.version)]));
}

/** The caller's newest acceptance per product. */
export async function findLatestAcceptances(db: Q, userId: string): Promise<Map<string, AgreementAcceptancesTable>> {
  const rows = await db.selectFrom('agreement_acceptances').selectAll().where('user_id', '=', userId).orderBy('version', 'desc').execute();
  const out = new Map<string, AgreementAcceptancesTable>();
  for (const r of rows) if (!out.has(r.product)) out.set(r.product, r);
  return out;
}

export function findAcceptance(db: Q, userId: string, product: string, version: number) {
  return db.selectFrom('agreement_acceptances').selectAll().where('user_id', '=', userId).where('product', '=', product).where('version', '=', version).executeTakeFirst();
}

export async function insertAcceptance(db: Q, row: AgreementAcceptancesTable): Promise<void> {
  await db.insertInto('agreement_acceptances').values(row).execute();
}

export async function insertVersion(db: Q, row: AgreementVersionsTable): Promise<void> {
  await db.insertInto('agreement_versions').values(row).execute();
}

/** Every version with how many accepted it, newest first within each product. */
export function findAllVersions(db: Q) {
  return db
    .selectFrom('agreement_versions as v')
    .leftJoin('agreement_acceptances as a', (j) => j.onRef('a.product', '=', 'v.product').onRef('a.version', '=', 'v.version'))
    .select(['v.product', 'v.version', 'v.title', 'v.body', 'v.published_at'])
    .select((eb) => eb.fn.count<number | string | bigint>('a.id').as('acceptances'))
    .groupBy(['v.product', 'v.version', 'v.title', 'v.body', 'v.published_at'])
    .orderBy('v.product')
    .orderBy('v.version', 'desc')
    .execute();
}

/** Every acceptance of a user, oldest first (for the user's data export). */
export function findAcceptancesOfUser(db: Q, userId: string) {
  return db.selectFrom('agreement_acceptances').selectAll().where('user_id', '=', userId).orderBy('accepted_at', 'asc').orderBy('product').execute();
}

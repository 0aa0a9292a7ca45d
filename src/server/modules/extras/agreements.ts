import { randomUUID } from 'node:crypto';
import type { AgreementApplyResult, AgreementVersionView, ProductAgreement } from '../../../shared/api/extras-agreements.ts';
import { AGREEMENT_PRODUCTS, type AgreementProduct } from '../../../shared/extras.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { BusinessError } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import * as repo from './agreements.repo.ts';

/**
 * Versioned agreements (decision 025): a product's current text is its newest version; a user's
 * acceptance is of one version, with time and IP; publishing a version asks everyone again.
 */
export function createAgreements({ db }: { db: Db }) {
  async function query(userId: string, products: readonly AgreementProduct[] = AGREEMENT_PRODUCTS, q: Db = db): Promise<ProductAgreement[]> {
    const current = await repo.findCurrentVersions(q, products);
    const accepted = await repo.findLatestAcceptances(q, userId);
    return products.map((product) => {
      const v = current.get(product);
      const a = accepted.get(product);
      return {
        product,
        current: v ? { version: v.version, title: v.title, body: v.body, publishedAt: v.published_at } : null,
        accepted: a ? { version: a.version, acceptedAt: a.accepted_at, ip: a.ip } : null,
        needsAcceptance: v !== undefined && (a === undefined || a.version < v.version),
      };
    });
  }

  /** Per product: whether the caller accepted some version and whether the newest waits for acceptance (what kyc-info shows). */
  async function dueOf(userId: string, products: readonly AgreementProduct[], q: Db = db): Promise<{ product: AgreementProduct; accepted: boolean; needsAcceptance: boolean }[]> {
    const current = await repo.findCurrentVersionNumbers(q, products);
    const accepted = await repo.findLatestAcceptances(q, userId);
    return products.map((product) => {
      const v = current.get(product);
      const a = accepted.get(product);
      return { product, accepted: a !== undefined, needsAcceptance: v !== undefined && (a === undefined || a.version < v) };
    });
  }

  /**
   * Records the caller's acceptance of `version`, which must be the current one (an outdated text
   * is refused with the current version, so the page shows the new text). Accepting the same
   * version twice answers the first acceptance (a double click) and records nothing more.
   */
  async function apply(userId: string, product: AgreementProduct, version: number, actor: Actor, trx?: Db): Promise<AgreementApplyResult> {
    const run = async (t: Db): Promise<AgreementApplyResult> => {
      const current = (await repo.findCurrentVersions(t, [product])).get(product);
      if (!current) throw new BusinessError(RetCode.AGREEMENT_NOT_PUBLISHED, 'agreement not published', { product });
      if (current.version !== version) throw new BusinessError(RetCode.AGREEMENT_VERSION_OUTDATED, 'agreement version outdated', { product, currentVersion: current.version });
      const existing = await repo.findAcceptance(t, userId, product, version);
      if (existing) return { product, version, acceptedAt: existing.accepted_at, ip: existing.ip };
      const row = { id: randomUUID(), user_id: userId, product, version, accepted_at: nowIso(), ip: actor.ip ?? null };
      await repo.insertAcceptance(t, row);
      await recordAudit(t, actor, { action: 'agreement.accept', entityType: 'user', entityId: userId, after: { product, version, acceptedAt: row.accepted_at } });
      return { product, version, acceptedAt: row.accepted_at, ip: row.ip };
    };
    if (trx) return run(trx);
    try {
      return await inTransaction(db, run, 'agreement accepted concurrently');
    } catch (err) {
      // Two clicks at once: the one that lost the race answers what the winner stored.
      const existing = err instanceof BusinessError && err.retCode === RetCode.WRONG_STATE ? await repo.findAcceptance(db, userId, product, version) : undefined;
      if (!existing) throw err;
      return { product, version, acceptedAt: existing.accepted_at, ip: existing.ip };
    }
  }

  /** Publishes the next version of a product's text (console, seeding); audited. */
  async function publish(product: AgreementProduct, title: string, body: string, actor: Actor): Promise<AgreementVersionView> {
    return inTransaction(
      db,
      async (t) => {
        const version = ((await repo.findCurrentVersions(t, [product])).get(product)?.version ?? 0) + 1;
        const row = { product, version, title, body, published_at: nowIso(), published_by: actor.id };
        await repo.insertVersion(t, row);
        await recordAudit(t, actor, { action: 'agreement.publish', entityType: 'agreement', entityId: product, after: { version, title } });
        return { product, version, title, body, publishedAt: row.published_at, acceptances: 0 };
      },
      'a version was published concurrently',
    );
  }

  async function versions(): Promise<AgreementVersionView[]> {
    return (await repo.findAllVersions(db)).map((r) => ({ product: r.product as AgreementProduct, version: r.version, title: r.title, body: r.body, publishedAt: r.published_at, acceptances: Number(r.acceptances) }));
  }

  return { query, dueOf, apply, publish, versions };
}

export type Agreements = ReturnType<typeof createAgreements>;

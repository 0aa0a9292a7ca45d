import { randomUUID } from 'node:crypto';
import {
  HANDOFF_KINDS,
  HANDOFF_PAGE,
  HandoffStatus,
  type HandoffCreateResult,
  type HandoffSessionResult,
  HandoffStep,
  type HandoffUpload,
  type HandoffView,
  type QualityIssue,
} from '../../../shared/api/capture.ts';
import type { DocumentSummary } from '../../../shared/api/documents.ts';
import type { SelectableDocumentType } from '../../../shared/document-requirements.ts';
import { APP_BASE } from '../../../shared/api/paths.ts';
import { DocumentKind, type VerifiableLevel } from '../../../shared/kyc.ts';

const DocumentKindSelfie = DocumentKind.SELFIE;
const documentTypeOf = (row: repo.HandoffRow) => (row.document_type ?? null) as SelectableDocumentType | null;
import { RetCode } from '../../../shared/ret-codes.ts';
import type { Config } from '../../config.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { BusinessError, notFound } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import { countHit } from '../throttle/throttle.service.ts';
import { allows, effectiveStatus, HandoffEvent, hashSecret, kindsOf, newSecret, overlaps, planOf } from './handoff.model.ts';
import * as repo from './handoff.repo.ts';

/** The capture's records for the data export and erasure (decision 041): the records module is built before this service. */
export { handoffPersonalData } from './personal-data.ts';

const ENTITY = 'capture_handoff';
const HOUR_MS = 3600_000;
/** Concurrent uploads from one phone append to the same list: a lost race retries. */
const MAX_APPEND_ATTEMPTS = 5;

export interface HandoffDeps {
  db: Db;
  config: Config;
  documents: DocumentsService;
  /** The KYC rule "this level accepts a submission" (throws WRONG_STATE when not). */
  canUpload: (userId: string, level: VerifiableLevel, trx?: Db) => Promise<void>;
  now?: () => number;
}

/** What the phone holds after opening a link: its own secret, set as an HttpOnly cookie. */
export interface OpenedHandoff {
  deviceToken: string;
  sessionExpiresAt: string;
  session: HandoffSessionResult;
}

const uploadsOf = (row: repo.HandoffRow): HandoffUpload[] => {
  try {
    return JSON.parse(row.uploads) as HandoffUpload[];
  } catch {
    return [];
  }
};

/** Why a link cannot be used now, as the phone is told it. */
function refusal(status: HandoffStatus): BusinessError {
  switch (status) {
    case HandoffStatus.EXPIRED:
      return new BusinessError(RetCode.HANDOFF_LINK_EXPIRED, 'handoff link expired');
    case HandoffStatus.REVOKED:
      return new BusinessError(RetCode.HANDOFF_LINK_REVOKED, 'handoff link revoked');
    case HandoffStatus.COMPLETED:
      return new BusinessError(RetCode.HANDOFF_FINISHED, 'handoff finished');
    default:
      return new BusinessError(RetCode.HANDOFF_LINK_USED, 'handoff link already opened');
  }
}

/**
 * "Continue on your phone" (decision 023). The desktop makes a link for one step of one level; the
 * phone opens it once and gets a session of its own (a second secret, in an HttpOnly cookie) that may
 * send only that step's pictures of that user, until it says it is done, the desktop revokes it, or
 * it runs out. Pictures become the user's drafts exactly like uploads from the desktop, so closing
 * either side loses nothing. Secrets are stored only as hashes; every change is audited.
 */
export function createHandoffService({ db, config, documents, canUpload, now = Date.now }: HandoffDeps) {
  const settings = config.capture;

  const viewOf = (row: repo.HandoffRow): HandoffView => ({
    id: row.id,
    level: Number(row.level),
    step: row.step as HandoffStep,
    status: effectiveStatus(row, now()),
    expiresAt: row.expires_at,
    sessionExpiresAt: row.session_expires_at,
    uploads: uploadsOf(row),
    kinds: kindsOf(row),
    documentType: documentTypeOf(row),
  });

  const sessionOf = (row: repo.HandoffRow): HandoffSessionResult => ({
    level: Number(row.level),
    step: row.step as HandoffStep,
    kinds: kindsOf(row),
    documentType: documentTypeOf(row),
    status: effectiveStatus(row, now()),
    sessionExpiresAt: row.session_expires_at ?? row.expires_at,
    uploads: uploadsOf(row),
  });

  /** The phone's link, by its session secret; unknown secrets and links in the wrong state are refused. */
  async function phoneHandoff(dbOrTrx: Db, deviceToken: string | undefined, event: HandoffEvent): Promise<repo.HandoffRow> {
    if (!deviceToken || deviceToken.length > 100) throw new BusinessError(RetCode.HANDOFF_LINK_INVALID, 'no handoff session');
    const row = await repo.findByDeviceHash(dbOrTrx, hashSecret(deviceToken));
    if (!row) throw new BusinessError(RetCode.HANDOFF_LINK_INVALID, 'unknown handoff session');
    const status = effectiveStatus(row, now());
    if (!allows(status, event)) throw refusal(status);
    return row;
  }

  const phoneActor = (row: repo.HandoffRow, actor: Actor): Actor => ({ ...actor, type: 'user', id: row.user_id });

  return {
    /**
     * A new link for `step` of `level`. Only while the level accepts pictures; rate-limited per user.
     * Earlier PENDING or OPENED links that could send the same kinds end (REVOKED): one live
     * credential per picture. A REMAINING link (decision 058) gets its plan here: the sides of
     * `documentType` and the selfie, less what the user has already uploaded.
     */
    async create(userId: string, input: { level: VerifiableLevel; step: HandoffStep; documentType?: SelectableDocumentType | undefined; from?: HandoffStep | undefined }, actor: Actor): Promise<HandoffCreateResult> {
      const remaining = input.step === HandoffStep.REMAINING;
      if (remaining && !input.documentType) throw new BusinessError(RetCode.PARAMS_ERROR, 'documentType required');
      await canUpload(userId, input.level);
      const hits = await countHit(db, `handoff:create:${userId}`, HOUR_MS);
      if (hits.count > settings.handoffLinksPerHour) {
        throw new BusinessError(RetCode.TOO_MANY_ATTEMPTS, 'too many handoff links', { retryAfterSeconds: Math.max(1, Math.ceil(hits.resetInMs / 1000)) });
      }
      const token = newSecret();
      const at = now();
      const row: repo.HandoffRow = {
        id: randomUUID(),
        user_id: userId,
        level: input.level,
        step: input.step,
        token_hash: hashSecret(token),
        device_hash: null,
        status: HandoffStatus.PENDING,
        created_at: new Date(at).toISOString(),
        expires_at: new Date(at + settings.handoffLinkMs).toISOString(),
        opened_at: null,
        session_expires_at: null,
        finished_at: null,
        uploads: '[]',
        kinds: null,
        document_type: remaining ? input.documentType! : null,
      };
      await db.transaction().execute(async (trx) => {
        await canUpload(userId, input.level, trx);
        if (remaining) {
          const drafted = new Set((await documents.listDrafts(trx, userId, input.level)).map((d) => d.kind));
          row.kinds = JSON.stringify(planOf(input.documentType!, drafted, input.from));
        }
        const mine = kindsOf(row);
        // A one-session link replaces every live link of the level (it may ask for any of their pictures).
        const reach = remaining ? HANDOFF_KINDS[HandoffStep.REMAINING] : mine;
        for (const old of await repo.findOpenOf(trx, userId, input.level)) {
          if (!overlaps(kindsOf(old), reach)) continue;
          if ((await repo.updateIf(trx, old.id, { status: old.status }, { status: HandoffStatus.REVOKED, finished_at: nowIso() })) === 0) continue;
          await recordAudit(trx, actor, { action: 'handoff.revoke', entityType: ENTITY, entityId: old.id, before: { status: old.status }, after: { status: HandoffStatus.REVOKED, supersededBy: row.id } });
        }
        await repo.insertHandoff(trx, row);
        // Never the secret, nor its hash: the audit trail is read by people.
        await recordAudit(trx, actor, { action: 'handoff.create', entityType: ENTITY, entityId: row.id, after: { userId, level: input.level, step: input.step, expiresAt: row.expires_at, ...(remaining ? { documentType: row.document_type, kinds: mine } : {}) } });
      });
      return { ...viewOf(row), token, path: `${APP_BASE}${HANDOFF_PAGE}#${token}` };
    },

    /** The desktop's live view of one of its links; another user's id answers like an unknown one. */
    async view(userId: string, id: string): Promise<HandoffView> {
      const row = await repo.findById(db, id);
      if (!row || row.user_id !== userId) throw notFound();
      return viewOf(row);
    },

    /** The desktop ends a link: the phone's session ends with it (its next call is refused). */
    async revoke(userId: string, id: string, actor: Actor): Promise<HandoffView> {
      return db.transaction().execute(async (trx) => {
        const row = await repo.findById(trx, id);
        if (!row || row.user_id !== userId) throw notFound();
        const status = effectiveStatus(row, now());
        if (!allows(status, HandoffEvent.REVOKE)) throw new BusinessError(RetCode.WRONG_STATE, `handoff ${status}`);
        const set = { status: HandoffStatus.REVOKED, finished_at: new Date(now()).toISOString() };
        if ((await repo.updateIf(trx, id, { status: row.status }, set)) === 0) throw new BusinessError(RetCode.WRONG_STATE, 'handoff changed meanwhile');
        await recordAudit(trx, actor, { action: 'handoff.revoke', entityType: ENTITY, entityId: id, before: { status: row.status }, after: { status: HandoffStatus.REVOKED } });
        return viewOf({ ...row, ...set });
      });
    },

    /**
     * The phone opens a link: once. Tries are counted per IP address (valid or not). The winner of two
     * phones racing is the one whose conditional update lands; the other reads HANDOFF_LINK_USED.
     */
    async open(token: string, actor: Actor): Promise<OpenedHandoff> {
      const hits = await countHit(db, `handoff:open:${actor.ip ?? 'unknown'}`, HOUR_MS);
      if (hits.count > settings.handoffOpensPerHour) {
        throw new BusinessError(RetCode.TOO_MANY_ATTEMPTS, 'too many handoff openings', { retryAfterSeconds: Math.max(1, Math.ceil(hits.resetInMs / 1000)) });
      }
      const deviceToken = newSecret();
      const outcome = await db.transaction().execute(async (trx) => {
        const row = await repo.findByTokenHash(trx, hashSecret(token));
        if (!row) throw new BusinessError(RetCode.HANDOFF_LINK_INVALID, 'unknown handoff link');
        const status = effectiveStatus(row, now());
        if (!allows(status, HandoffEvent.OPEN)) return { opened: null, refused: status, row };
        const at = now();
        const set = {
          status: HandoffStatus.OPENED,
          device_hash: hashSecret(deviceToken),
          opened_at: new Date(at).toISOString(),
          session_expires_at: new Date(at + settings.handoffSessionMs).toISOString(),
        };
        if ((await repo.updateIf(trx, row.id, { status: row.status }, set)) === 0) return { opened: null, refused: HandoffStatus.OPENED, row };
        await recordAudit(trx, phoneActor(row, actor), { action: 'handoff.open', entityType: ENTITY, entityId: row.id, before: { status: row.status }, after: { status: set.status, sessionExpiresAt: set.session_expires_at } });
        const opened: OpenedHandoff = { deviceToken, sessionExpiresAt: set.session_expires_at, session: sessionOf({ ...row, ...set }) };
        return { opened, refused: null, row };
      });
      if (outcome.opened) return outcome.opened;
      // A second opening is worth a record (its own transaction: the refusal itself changes nothing):
      // it may be someone else holding a copy of the link.
      if (outcome.refused === HandoffStatus.OPENED || outcome.refused === HandoffStatus.COMPLETED) {
        await recordAudit(db, phoneActor(outcome.row, actor), { action: 'handoff.reuse_refused', entityType: ENTITY, entityId: outcome.row.id, after: { status: outcome.refused } });
        // Whoever opens it now is not the phone that used it: "already opened", finished or not.
        throw refusal(HandoffStatus.OPENED);
      }
      throw refusal(outcome.refused);
    },

    /** What the phone's session allows now (it reloads the page, say). */
    async session(deviceToken: string | undefined): Promise<HandoffSessionResult> {
      if (!deviceToken || deviceToken.length > 100) throw new BusinessError(RetCode.HANDOFF_LINK_INVALID, 'no handoff session');
      const row = await repo.findByDeviceHash(db, hashSecret(deviceToken));
      if (!row) throw new BusinessError(RetCode.HANDOFF_LINK_INVALID, 'unknown handoff session');
      const status = effectiveStatus(row, now());
      if (status === HandoffStatus.EXPIRED || status === HandoffStatus.REVOKED) throw refusal(status);
      return sessionOf(row);
    },

    /**
     * A picture from the phone: only a kind of the link's step, stored as the user's draft for the
     * link's level (the documents module checks, re-encodes, encrypts and audits it). The link is
     * checked again inside the upload's transaction and the picture appended to its list there.
     */
    async upload(deviceToken: string | undefined, input: { kind: DocumentKind; bytes: Buffer; warnings: QualityIssue[] }, actor: Actor): Promise<DocumentSummary> {
      const row = await phoneHandoff(db, deviceToken, HandoffEvent.UPLOAD);
      if (!kindsOf(row).includes(input.kind)) throw new BusinessError(RetCode.HANDOFF_STEP_MISMATCH, 'picture not part of this step');
      const within = async (trx: Db, doc: DocumentSummary) => {
        for (let attempt = 1; ; attempt++) {
          const current = await repo.findById(trx, row.id);
          const status = current ? effectiveStatus(current, now()) : HandoffStatus.REVOKED;
          if (!current || !allows(status, HandoffEvent.UPLOAD)) throw refusal(status);
          const uploads = [...uploadsOf(current).filter((u) => u.kind !== doc.kind), { kind: doc.kind, documentId: doc.id, at: doc.createdAt }];
          if ((await repo.updateIf(trx, row.id, { status: current.status, uploads: current.uploads }, { uploads: JSON.stringify(uploads) })) === 1) break;
          if (attempt >= MAX_APPEND_ATTEMPTS) throw new BusinessError(RetCode.WRONG_STATE, 'handoff busy');
        }
        await recordAudit(trx, phoneActor(row, actor), { action: 'handoff.upload', entityType: ENTITY, entityId: row.id, after: { kind: doc.kind, documentId: doc.id } });
      };
      return documents.upload(row.user_id, { kind: input.kind, level: Number(row.level) as VerifiableLevel, bytes: input.bytes, warnings: input.warnings, viaHandoff: true, within }, phoneActor(row, actor));
    },

    /** The phone is done: the desktop sees COMPLETED and moves on; the phone's session sends nothing more. */
    async complete(deviceToken: string | undefined, actor: Actor): Promise<HandoffSessionResult> {
      return db.transaction().execute(async (trx) => {
        const row = await phoneHandoff(trx, deviceToken, HandoffEvent.COMPLETE);
        const set = { status: HandoffStatus.COMPLETED, finished_at: new Date(now()).toISOString() };
        if ((await repo.updateIf(trx, row.id, { status: row.status }, set)) === 0) throw refusal(HandoffStatus.REVOKED);
        await recordAudit(trx, phoneActor(row, actor), { action: 'handoff.complete', entityType: ENTITY, entityId: row.id, before: { status: row.status }, after: { status: set.status, uploads: uploadsOf(row).length } });
        return sessionOf({ ...row, ...set });
      });
    },

    /** Whose selfie a phone takes (the liveness challenge through a handoff): only an OPENED selfie link. */
    async phoneUser(deviceToken: string | undefined): Promise<{ userId: string; level: VerifiableLevel }> {
      const row = await phoneHandoff(db, deviceToken, HandoffEvent.UPLOAD);
      if (!kindsOf(row).includes(DocumentKindSelfie)) throw new BusinessError(RetCode.HANDOFF_STEP_MISMATCH, 'not a selfie link');
      return { userId: row.user_id, level: Number(row.level) as VerifiableLevel };
    },

    /** Retention: links over for more than a day go (they hold no personal data beyond ids and times). */
    async sweep(): Promise<number> {
      return repo.deleteFinishedBefore(db, new Date(now() - 24 * HOUR_MS).toISOString());
    },
  };
}

export type HandoffService = ReturnType<typeof createHandoffService>;

// The liveness challenge lives in this module too (the capture's server side); its one door is here.
export { createLivenessService, pickMoves, type LivenessService } from './liveness.service.ts';

import { createHash, randomUUID } from 'node:crypto';
import type { ConsoleDocument, SamePictureMatch } from '../../../shared/api/console-document.ts';
import { DOCUMENT_MIME, DocumentImageRule, DocumentPdfRule, type DocumentSummary } from '../../../shared/api/documents.ts';
import { API_PREFIX } from '../../../shared/api/paths.ts';
import { ConsolePath } from '../../../shared/api/console-paths.ts';
import { DocumentKind, KycLevel, type VerifiableLevel } from '../../../shared/kyc.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { ValidationMessage } from '../../../shared/validation.ts';
import type { Config } from '../../config.ts';
import { IntegrityError, openSealed, rewrapSealed, sealBytes, type Sealed } from '../../crypto/envelope-encryption.ts';
import { loadKeyring, type Keyring } from '../../crypto/keyring.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { BusinessError, notFound, ValidationFailed, wrongState } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { countHit } from '../throttle/throttle.service.ts';
import * as repo from './documents.repo.ts';
import { createContentStore, type ContentStore } from './content-store.ts';
import { normalizeImage, withDecodeSlot, type NormalizedImage } from './image.ts';
import { checkPdf, isPdf } from './pdf.ts';
import { measureStored, parseQuality } from './quality.ts';
import { pictureHash, samePicture } from './picture-hash.ts';
import type { DocumentQuality, QualityIssue } from '../../../shared/api/capture.ts';

/**
 * Whether `userId` may add a photo to `level` now; throws WRONG_STATE when not. The KYC module owns
 * the rule (decision 005: the level must accept a submission). Called once before any work and again
 * with the upload's transaction (`trx`), so a submission committing in between is seen.
 */
export type UploadGate = (userId: string, level: VerifiableLevel, trx?: Db) => Promise<void>;

export interface DocumentsDeps {
  db: Db;
  config: Config;
  /** Tests inject keyrings; otherwise built from config on first use (DATA_ENCRYPTION_KEY or the key file). */
  keyring?: Keyring;
  /**
   * Late-bound in services.ts (the KYC service is created after this one). A service built without
   * it (the key-rotation script) accepts no upload at all: closed, not open, by default.
   */
  canUpload?: UploadGate;
  /** Tests inject stores; otherwise config.documentStore (null: contents in the database row). */
  store?: ContentStore | null;
  /**
   * Another module's part of an upload (late-bound in services.ts): `inTrx` runs in the storing
   * transaction (the face match makes its comparison due there, decision 045), `committed` after it.
   */
  uploaded?: { inTrx(trx: Db, userId: string, doc: DocumentSummary): Promise<void>; committed(): void };
  /** Hears about objects a deletion left in the store (harmless: their data key went with the row). */
  log?: { warn(obj: object, msg: string): void };
}

const noUploads: UploadGate = async () => {
  throw wrongState('uploads are not enabled here');
};

/** What an upload carries once the HTTP layer has read it (bytes are untrusted). */
export interface DocumentUpload {
  kind: DocumentKind;
  level: VerifiableLevel;
  bytes: Buffer;
  /** What the browser warned about and the user sent anyway (decision 023); recorded for the reviewer. */
  warnings?: readonly QualityIssue[];
  /** Sent from a phone through a handoff link (decision 023). */
  viaHandoff?: boolean;
  /**
   * Runs in the upload's transaction once the document is stored: the handoff re-checks its link and
   * records the picture, so a revocation racing the upload either stops it or sees it. Throwing
   * rolls the upload back.
   */
  within?: (trx: Db, doc: DocumentSummary) => Promise<void>;
}

export interface DocumentContent {
  bytes: Buffer;
  mime: string;
}

/** A picture sealed for another module (sealPicture). */
export interface SealedPicture {
  width: number;
  height: number;
  sha256: string;
  sealed: Sealed;
}

/** A PDF's first page as a stored picture would be (re-encoded JPEG), for measures, hashes and views. */
async function pdfFirstPage(bytes: Buffer): Promise<NormalizedImage> {
  // One of the decode slots: drawing a page takes memory and a core, like decoding a photo.
  return normalizeImage((await withDecodeSlot(() => checkPdf(bytes))).firstPage);
}

/** What a page shows of a document: the picture itself, or a PDF's first page drawn on the server (decision 053). */
async function viewOf(content: DocumentContent): Promise<DocumentContent> {
  if (content.mime !== DocumentPdfRule.MIME) return content;
  return { bytes: (await pdfFirstPage(content.bytes)).bytes, mime: DOCUMENT_MIME };
}

const ENTITY = 'kyc_document';
const UPLOAD_WINDOW_MS = 3600_000;
/** Concurrent uploads of the same draft slot can collide on the unique index; a retry then wins. */
const MAX_UPLOAD_ATTEMPTS = 3;
const REWRAP_BATCH = 100;

/** The AES-GCM associated data of a document: its ciphertext and wrapped key only open under its own id. */
const contextOf = (id: string) => `${ENTITY}:${id}`;

/** A document as the console lists it: with the reviewer's download address (served by this module). */
export function toConsoleDocument(d: Pick<DocumentSummary, 'id' | 'kind' | 'mime' | 'byteSize' | 'width' | 'height' | 'createdAt' | 'quality'>, samePictureAs: readonly SamePictureMatch[] = []): ConsoleDocument {
  return {
    id: d.id,
    kind: d.kind,
    mime: d.mime,
    byteSize: d.byteSize,
    width: d.width,
    height: d.height,
    createdAt: d.createdAt,
    downloadPath: `${API_PREFIX}${ConsolePath.consoleDocument}/${d.id}`,
    // Decision 053: the picture above is a PDF's first page; the reviewer may also save the file itself.
    ...(d.mime === DocumentPdfRule.MIME ? { originalPath: `${API_PREFIX}${ConsolePath.consoleDocument}/${d.id}?original=1` } : {}),
    quality: d.quality ?? null,
    samePictureAs: [...samePictureAs],
  };
}

export function toSummary(row: repo.DocumentMetaRow): DocumentSummary {
  return {
    id: row.id,
    kind: row.kind as DocumentKind,
    level: row.level as VerifiableLevel,
    mime: row.mime,
    byteSize: Number(row.byte_size),
    width: Number(row.width),
    height: Number(row.height),
    createdAt: row.created_at,
    applicationId: row.application_id,
    quality: parseQuality(row.quality),
  };
}

/** Audit snapshot of a document: what it is, never what it shows. */
const auditView = (row: repo.DocumentMetaRow) => ({
  userId: row.user_id,
  kind: row.kind,
  level: Number(row.level),
  mime: row.mime,
  byteSize: Number(row.byte_size),
  width: Number(row.width),
  height: Number(row.height),
  sha256: row.sha256,
  keyId: row.key_id,
  applicationId: row.application_id,
  quality: parseQuality(row.quality),
});

const isUniqueViolation = (err: unknown) => /unique|duplicate/i.test(String((err as Error)?.message));

const KINDS = new Set<string>(Object.values(DocumentKind));

/** The two sides of a document: neither may be the same picture as the other (decision 048). */
const OTHER_SIDE: Partial<Record<string, DocumentKind>> = { [DocumentKind.DOCUMENT_FRONT]: DocumentKind.DOCUMENT_BACK, [DocumentKind.DOCUMENT_BACK]: DocumentKind.DOCUMENT_FRONT };

/** The kind of a questionnaire's evidence picture (never a KYC document kind). */
export const EVIDENCE_KIND = 'QUESTIONNAIRE_EVIDENCE';

/**
 * Identity documents: upload (validated, re-encoded, encrypted, audited), drafts the user can retake or
 * delete until an application attaches them, and reads for the owner and for reviewers.
 */
export function createDocumentsService({ db, config, keyring: injectedKeyring, canUpload = noUploads, store: injectedStore, uploaded, log = console }: DocumentsDeps) {
  let keyring = injectedKeyring;
  /** Loaded on first use: a server that never stores a document never creates a key file. */
  const keys = () => (keyring ??= loadKeyring({ dataEncryptionKey: config.dataEncryptionKey, previousEncryptionKeys: config.previousEncryptionKeys, dataDir: config.dataDir }));
  const store = injectedStore === undefined ? createContentStore(config.documentStore) : injectedStore;

  /**
   * The document's content or its master key is not available to this server (decision 024): a
   * clear, translated answer instead of a 500, nothing served; why goes to the operator's log.
   */
  function contentUnavailable(detail: string): BusinessError {
    log.warn({ reason: detail }, detail);
    return new BusinessError(RetCode.DOCUMENT_CONTENT_UNAVAILABLE, 'document content unavailable');
  }

  /** Removes stored contents once their rows are gone; a failure only leaves shredded ciphertext behind. */
  async function forgetContents(ids: readonly string[]): Promise<void> {
    if (!store) return;
    for (const id of ids) {
      await store.delete(id).catch((err: unknown) => log.warn({ err, documentId: id }, 'document content left in the store'));
    }
  }

  /** The ciphertext of a row: in the row itself (documents before migration 017, `database:`), or in the store that holds it. */
  async function ciphertextOf(row: repo.DocumentRow): Promise<Buffer> {
    if (row.ciphertext !== null) return Buffer.from(row.ciphertext.buffer, row.ciphertext.byteOffset, row.ciphertext.byteLength);
    if (!store || store.kind !== row.content_store) throw contentUnavailable(`content of document ${row.id} is in the ${row.content_store} store, which this server is not configured with`);
    const stored = await store.get(row.id);
    if (!stored) throw contentUnavailable(`content of document ${row.id} is missing from the ${store.kind} store`);
    return stored;
  }

  /**
   * Decrypts a stored row. A missing content or master key is DOCUMENT_CONTENT_UNAVAILABLE; content
   * that fails authentication is IntegrityError (a 500, logged) rather than altered bytes.
   */
  async function decrypt(row: repo.DocumentRow): Promise<Buffer> {
    const context = contextOf(row.id);
    if (!keys().keyIds.includes(row.key_id)) throw contentUnavailable(`master key ${row.key_id} of document ${row.id} is not configured on this server`);
    const ciphertext = await ciphertextOf(row);
    const plaintext = openSealed(keys(), { ciphertext, iv: row.iv, authTag: row.auth_tag, wrappedKey: row.wrapped_key, keyId: row.key_id }, context);
    if (createHash('sha256').update(plaintext).digest('hex') !== row.sha256) throw new IntegrityError(context, `content of ${context} does not match its recorded digest`);
    return plaintext;
  }

  /** The per-user upload limit, the image checks and re-encoding, the encryption: every stored picture passes here. */
  /**
   * One picture made ready to store: the hourly limit, the re-encoding (normalizeImage), the cheap
   * quality measures (decision 023) and the encryption. Its content goes to the store first when one
   * is configured (decision 024): a row never names content that is not there yet.
   */
  async function prepare(
    userId: string,
    bytes: Buffer,
    slot: { level: number; kind: string; applicationId: string | null; warnings?: readonly QualityIssue[] | undefined; viaHandoff?: boolean | undefined },
  ): Promise<repo.DocumentRow> {
    const hits = await countHit(db, `documents:upload:${userId}`, UPLOAD_WINDOW_MS);
    if (hits.count > config.uploadsPerHour) {
      throw new BusinessError(RetCode.TOO_MANY_ATTEMPTS, 'too many uploads', { retryAfterSeconds: Math.max(1, Math.ceil(hits.resetInMs / 1000)) });
    }
    // Decision 053: a PDF (proof of address only) is kept as it came, once checked; its first page,
    // drawn here, is what the quality measures and the picture hash look at, as for a photo.
    const pdf = isPdf(bytes);
    if (pdf && !DocumentPdfRule.KINDS.includes(slot.kind as DocumentKind)) {
      throw new BusinessError(RetCode.DOCUMENT_TYPE_UNSUPPORTED, 'pdf not accepted for this kind', { accepted: [...DocumentImageRule.ACCEPTED_MIME], detected: DocumentPdfRule.MIME });
    }
    const image = pdf ? await pdfFirstPage(bytes) : await normalizeImage(bytes);
    const content = pdf ? bytes : image.bytes;
    const measured = await measureStored(image.bytes, image.width, image.height);
    // Of the stored pixels, so a re-upload of the same file and a re-encoded copy hash alike (decision 048).
    const hash = await pictureHash(image.bytes);
    const quality: DocumentQuality = { ...measured, overridden: [...(slot.warnings ?? [])], viaHandoff: Boolean(slot.viaHandoff) };
    const id = randomUUID();
    const sealed = sealBytes(keys(), content, contextOf(id));
    if (store) await store.put(id, sealed.ciphertext);
    return {
      id,
      user_id: userId,
      application_id: slot.applicationId,
      level: slot.level,
      kind: slot.kind,
      mime: pdf ? DocumentPdfRule.MIME : DOCUMENT_MIME,
      byte_size: content.length,
      width: image.width,
      height: image.height,
      sha256: createHash('sha256').update(content).digest('hex'),
      ciphertext: store ? null : sealed.ciphertext,
      content_store: store?.kind ?? null,
      iv: sealed.iv,
      auth_tag: sealed.authTag,
      wrapped_key: sealed.wrappedKey,
      key_id: sealed.keyId,
      created_at: nowIso(),
      quality: JSON.stringify(quality),
      picture_hash: hash,
    };
  }

  /**
   * Decision 048: one side of a document must not be the same picture as the other side's draft
   * (a front sent twice). Read in the storing transaction, so the draft compared is the one the
   * upload will sit next to; the refusal rolls everything back (nothing stored, nothing audited).
   */
  async function refuseSameAsOtherSide(trx: Db, userId: string, input: DocumentUpload, row: repo.DocumentRow): Promise<void> {
    const otherKind = OTHER_SIDE[input.kind];
    if (!otherKind) return;
    const [other] = await repo.findDraftHashes(trx, userId, input.level, otherKind);
    if (other && samePicture(other.picture_hash, row.picture_hash)) {
      throw new BusinessError(RetCode.DOCUMENT_SAME_PICTURE, 'same picture as the other side', { otherKind });
    }
  }

  return {
    /**
     * Evidence for a questionnaire (decision 020: source of funds, investor status): the same limit,
     * checks, re-encoding and encryption as identity photos, stored already attached to the
     * questionnaire attempt `ownerId` (level 0, kind EVIDENCE_KIND), so it never takes a KYC draft
     * slot and reviewers can open it. `inTrx` runs in the storing transaction with the new id (the
     * questionnaire checks it may still change and records the picture in its answers).
     */
    async uploadEvidence(userId: string, ownerId: string, bytes: Buffer, actor: Actor, inTrx: (trx: Db, id: string) => Promise<void>): Promise<DocumentSummary> {
      const row = await prepare(userId, bytes, { level: 0, kind: EVIDENCE_KIND, applicationId: ownerId });
      try {
        await db.transaction().execute(async (trx) => {
          await inTrx(trx, row.id);
          await repo.insertDocument(trx, row);
          await recordAudit(trx, actor, { action: 'document.upload', entityType: ENTITY, entityId: row.id, after: auditView(row) });
        });
      } catch (err) {
        await forgetContents([row.id]);
        throw err;
      }
      return toSummary(row);
    },

    /** Deletes an evidence picture of `ownerId` in the caller's transaction; false when it is not theirs. */
    async removeEvidence(trx: Db, userId: string, ownerId: string, id: string, actor: Actor): Promise<boolean> {
      const doc = await repo.findOwnDocumentMeta(trx, userId, id);
      if (!doc || doc.application_id !== ownerId || doc.kind !== EVIDENCE_KIND) return false;
      if ((await repo.deleteAttached(trx, userId, id, ownerId)) !== 1) return false;
      await recordAudit(trx, actor, { action: 'document.delete', entityType: ENTITY, entityId: id, before: auditView(doc) });
      return true;
    },

    /**
     * Stores one photo of a document as the user's draft for (level, kind), replacing an earlier
     * draft of the same slot ("retake before submitting"). Only while the level accepts a submission
     * (canUpload: WRONG_STATE otherwise, before anything is counted or stored). Rate-limited per user;
     * the image is re-encoded (see normalizeImage) and encrypted before anything is written; the
     * state check, the insert, the replacement and their audit records are one transaction.
     */
    async upload(userId: string, input: DocumentUpload, actor: Actor): Promise<DocumentSummary> {
      if (!KINDS.has(input.kind)) throw new ValidationFailed([{ path: 'kind', code: ValidationMessage.TYPE }]);
      if (input.level !== KycLevel.LEVEL_1 && input.level !== KycLevel.LEVEL_2) throw new ValidationFailed([{ path: 'level', code: ValidationMessage.RANGE }]);
      // Decision 005: no photos for a level that cannot be submitted (pending, reached, closed, locked).
      await canUpload(userId, input.level);
      const row = await prepare(userId, input.bytes, { level: input.level, kind: input.kind, applicationId: null, warnings: input.warnings, viaHandoff: input.viaHandoff });
      const id = row.id;

      for (let attempt = 1; ; attempt++) {
        try {
          const replaced = await db.transaction().execute(async (trx) => {
            // Again, in the transaction that stores: a submission may have committed during the decode.
            await canUpload(userId, input.level, trx);
            await refuseSameAsOtherSide(trx, userId, input, row);
            const previous = await repo.findDrafts(trx, userId, input.level, input.kind);
            for (const old of previous) {
              await repo.deleteDraft(trx, userId, old.id);
              await recordAudit(trx, actor, { action: 'document.replace', entityType: ENTITY, entityId: old.id, before: auditView(old), after: { replacedBy: id } });
            }
            await repo.insertDocument(trx, row);
            await recordAudit(trx, actor, { action: 'document.upload', entityType: ENTITY, entityId: id, after: { ...auditView(row), replaces: previous.map((p) => p.id) } });
            await input.within?.(trx, toSummary(row));
            await uploaded?.inTrx(trx, userId, toSummary(row));
            return previous.map((p) => p.id);
          });
          uploaded?.committed();
          await forgetContents(replaced);
          return toSummary(row);
        } catch (err) {
          if (attempt < MAX_UPLOAD_ATTEMPTS && isUniqueViolation(err)) continue;
          await forgetContents([id]);
          throw err;
        }
      }
    },

    /** Deletes one of the user's drafts. Another user's id answers like a missing one; a submitted document cannot go. */
    async remove(userId: string, id: string, actor: Actor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const doc = await repo.findOwnDocumentMeta(trx, userId, id);
        if (!doc) throw notFound();
        if (doc.application_id !== null) throw wrongState('document already submitted');
        // Conditional delete: an application attaching it concurrently wins, and we report that.
        if ((await repo.deleteDraft(trx, userId, id)) === 0) throw wrongState('document already submitted');
        await recordAudit(trx, actor, { action: 'document.delete', entityType: ENTITY, entityId: id, before: auditView(doc) });
      });
      await forgetContents([id]);
    },

    /**
     * Deletes every document of a user, submitted ones included, in the caller's transaction; one
     * audit record. Only for removing the account itself (documents have no cascade on purpose).
     */
    async removeAllOf(trx: Db, userId: string, actor: Actor): Promise<number> {
      const ids = await repo.deleteAllOfUser(trx, userId);
      await recordAudit(trx, actor, { action: 'document.delete_all', entityType: 'user', entityId: userId, after: { removed: ids.length } });
      // Before the caller commits (erasure must not leave content behind). Should the caller roll
      // back, those documents answer DOCUMENT_CONTENT_UNAVAILABLE: on erasure, gone beats kept.
      await forgetContents(ids);
      return ids.length;
    },

    /** The user's uploads of `level` not attached to an application yet (one per kind at most). */
    async listDrafts(dbOrTrx: Db, userId: string, level: number): Promise<DocumentSummary[]> {
      return (await repo.findDrafts(dbOrTrx, userId, level)).map(toSummary);
    },

    /**
     * Attaches drafts to an application, inside the caller's transaction (`trx`). Throws
     * DOCUMENT_NOT_AVAILABLE when any id is not an unattached draft of `userId` (deleted, another
     * user's, already submitted); the caller's transaction must then roll back, which it does when
     * the error propagates out of `db.transaction().execute`.
     */
    async attach(trx: Db, userId: string, ids: readonly string[], applicationId: string, actor: Actor = { type: 'user', id: userId }): Promise<void> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return;
      const attached = await repo.attachDrafts(trx, userId, unique, applicationId);
      if (attached !== unique.length) throw new BusinessError(RetCode.DOCUMENT_NOT_AVAILABLE, 'document not available');
      for (const id of unique) {
        await recordAudit(trx, actor, { action: 'document.attach', entityType: ENTITY, entityId: id, after: { applicationId } });
      }
    },

    /** listDrafts on the service's own connection (the upload screen's listing). */
    draftsOf(userId: string, level: number): Promise<DocumentSummary[]> {
      return this.listDrafts(db, userId, level);
    },

    /** Every picture the user gave, whatever it was for (KYC, questionnaire evidence, RFI answers): the data export's list. */
    async listOfUser(dbOrTrx: Db, userId: string): Promise<DocumentSummary[]> {
      return (await repo.findAllOfUser(dbOrTrx, userId)).map(toSummary);
    },

    async listForApplication(dbOrTrx: Db, applicationId: string): Promise<DocumentSummary[]> {
      return (await repo.findByApplication(dbOrTrx, applicationId)).map(toSummary);
    },

    /**
     * For each of `docs` (a case's pictures), the user's other submitted pictures that look the same
     * (decision 048): any kind, any application, so a selfie reused as a front or a front from an
     * earlier application is flagged too. Drafts are left out: they are the user's until submitted.
     */
    async samePicturesOf(dbOrTrx: Db, userId: string, docs: readonly Pick<DocumentSummary, 'id' | 'applicationId'>[]): Promise<Map<string, SamePictureMatch[]>> {
      const result = new Map<string, SamePictureMatch[]>();
      if (docs.length === 0) return result;
      const pictures = await repo.findSubmittedHashes(dbOrTrx, userId);
      const hashOf = new Map(pictures.map((p) => [p.id, p.picture_hash]));
      for (const doc of docs) {
        const own = hashOf.get(doc.id);
        const matches = pictures
          .filter((p) => p.id !== doc.id && samePicture(own, p.picture_hash))
          .map((p) => ({ documentId: p.id, kind: p.kind, sameApplication: p.application_id === doc.applicationId, createdAt: p.created_at }));
        if (matches.length > 0) result.set(doc.id, matches);
      }
      return result;
    },

    /**
     * The user's latest picture of `kind` at `level` (draft or submitted), for the server's own use:
     * the liveness check compares its face with the document's portrait (decision 039). Null when
     * there is none or its content cannot be read here (the check then stores no score, and says why).
     */
    async latestPictureOf(userId: string, level: number, kind: string): Promise<{ id: string; bytes: Buffer } | null> {
      const row = await repo.findLatestOfKind(db, userId, level, kind);
      if (!row) return null;
      try {
        return { id: row.id, bytes: await decrypt(row) };
      } catch (err) {
        if (err instanceof BusinessError) return null;
        throw err;
      }
    },

    /** Whether the user has a picture of `kind` at `level` (draft or submitted), read in `q` (an upload's transaction). */
    async hasPictureOf(q: Db, userId: string, level: number, kind: string): Promise<boolean> {
      return (await repo.findLatestIdOfKind(q, userId, level, kind)) !== undefined;
    },

    /** The image, for its owner. Any other user gets NOT_FOUND, exactly as for an id that does not exist. */
    async readForOwner(userId: string, id: string): Promise<DocumentContent> {
      const row = await repo.findDocument(db, id);
      if (!row || row.user_id !== userId) throw notFound();
      return { bytes: await decrypt(row), mime: row.mime };
    },

    /** readForOwner as a picture to show: a PDF's first page drawn on the server (decision 053). */
    async viewForOwner(userId: string, id: string): Promise<DocumentContent> {
      return viewOf(await this.readForOwner(userId, id));
    },

    /** readForReviewer as a picture to show (a PDF's first page); audited as a view like the original. */
    async viewForReviewer(id: string, actor: Actor): Promise<DocumentContent> {
      return viewOf(await this.readForReviewer(id, actor));
    },

    /**
     * The document as stored (the image, or a PDF's original), for a reviewer in the console; every view is audited. Only documents an application
     * carries: a draft is the user's until they submit it (they may retake or delete it), so it
     * answers exactly like a missing id and leaves no view record.
     */
    async readForReviewer(id: string, actor: Actor): Promise<DocumentContent> {
      const row = await repo.findDocument(db, id);
      if (!row || row.application_id === null) throw notFound();
      const bytes = await decrypt(row);
      await recordAudit(db, actor, { action: 'document.view', entityType: ENTITY, entityId: id, after: { userId: row.user_id, applicationId: row.application_id, kind: row.kind, level: Number(row.level) } });
      return { bytes, mime: row.mime };
    },

    /**
     * Another module's picture kept like a document (the liveness challenge's frames, decision 023):
     * validated and re-encoded as an upload is, then sealed under the same keys. `context` binds the
     * ciphertext to its record (a sealed picture moved to another row does not open).
     */
    async sealPicture(bytes: Buffer, context: string): Promise<SealedPicture> {
      const image = await normalizeImage(bytes);
      return { width: image.width, height: image.height, sha256: createHash('sha256').update(image.bytes).digest('hex'), sealed: sealBytes(keys(), image.bytes, context) };
    },

    /** Opens a picture sealed by sealPicture; throws IntegrityError rather than return altered bytes. */
    openPicture(picture: { sha256: string; sealed: Sealed }, context: string): DocumentContent {
      const plaintext = openSealed(keys(), picture.sealed, context);
      if (createHash('sha256').update(plaintext).digest('hex') !== picture.sha256) throw new IntegrityError(context, `content of ${context} does not match its recorded digest`);
      return { bytes: plaintext, mime: DOCUMENT_MIME };
    },

    /**
     * Key rotation: re-wraps every data key that an older master key wrapped under the active one
     * (contents are not re-encrypted). Needs the older keys in DATA_ENCRYPTION_KEYS_PREVIOUS. Each
     * document is its own audited transaction; keys that cannot be unwrapped are reported, not fatal.
     */
    async rewrapKeys(actor: Actor = { type: 'system', id: null }): Promise<{ rewrapped: number; failed: string[] }> {
      const ring = keys();
      let rewrapped = 0;
      const failed: string[] = [];
      let after = '';
      for (;;) {
        const batch = await repo.findWrappedByOtherKeys(db, ring.activeKeyId, after, REWRAP_BATCH);
        if (batch.length === 0) break;
        for (const doc of batch) {
          after = doc.id;
          let next: { wrappedKey: string; keyId: string } | null;
          try {
            next = rewrapSealed(ring, { wrappedKey: doc.wrapped_key, keyId: doc.key_id }, contextOf(doc.id));
          } catch {
            failed.push(doc.id);
            continue;
          }
          if (!next) continue;
          const to = { wrapped_key: next.wrappedKey, key_id: next.keyId };
          await db.transaction().execute(async (trx) => {
            if ((await repo.updateWrappedKey(trx, doc.id, doc, to)) === 0) return;
            rewrapped++;
            await recordAudit(trx, actor, { action: 'document.rewrap', entityType: ENTITY, entityId: doc.id, before: { keyId: doc.key_id }, after: { keyId: next.keyId } });
          });
        }
      }
      return { rewrapped, failed };
    },

    /** The id of the master key new documents are wrapped with (for operators and tests). */
    activeKeyId: () => keys().activeKeyId,
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AccessTokenResult, RevokeTokenResult, SdkAccessResult, TokenInfo, BusinessInfo } from '../../../shared/api/integration.ts';
import { BusinessStatus, type BusinessView, type CreateBusinessInput, type UpdateBusinessInput } from '../../../shared/api/integration-admin.ts';
import { PARTNER_SIGNATURE_MAX_AGE_MS, SDK_BUSINESS_PARAM, SDK_PAGE_PATH, SdkPageParam, WEB_BUSINESS_ID } from '../../../shared/integration-paths.ts';
import { UserRole } from '../../../shared/api/accounts.ts';
import { allowlistedUrl, normalizeOrigin } from '../../../shared/redirect-allowlist.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import type { Config } from '../../config.ts';
import { openSealed, sealBytes } from '../../crypto/envelope-encryption.ts';
import { loadKeyring, type Keyring } from '../../crypto/keyring.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { BusinessError, notFound } from '../../errors.ts';
import { DEMO_PARTNER_ID, DEMO_PARTNER_SECRET, isPublishedSecret } from '../../published-secrets.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { linkAudienceIn } from '../events/events.service.ts';
import * as repo from './partners.repo.ts';
import { partnerSignature, signatureMatches } from './signing.ts';

export { partnerSignature } from './signing.ts';

/** The demo business (seeded with the demo users; its secret is published in the README). */
export { DEMO_PARTNER_ID, DEMO_PARTNER_SECRET } from '../../published-secrets.ts';

/** A business's settings as they are, with another status (for updateBusiness). */
const settingsOf = (b: BusinessView, status: BusinessStatus): UpdateBusinessInput => ({
  name: b.name,
  allowedOrigins: b.allowedOrigins,
  scenes: b.scenes,
  redirectAllowlist: b.redirectAllowlist,
  defaultLanguage: b.defaultLanguage as UpdateBusinessInput['defaultLanguage'],
  status,
});

/** Access tokens are short-lived: long enough for one sitting with uploads, no longer. */
export const ACCESS_TOKEN_TTL_MS = 30 * 60_000;

/** Who an SDK request acts for, once its access token, origin and scene are accepted. */
export interface SdkCaller {
  userId: string;
  email: string;
  businessId: string;
  scene: string;
  origin: string;
  level: 1 | 2;
  language: string | null;
  redirectUrl: string | null;
  isUpdatePoi: boolean;
  expiresAt: string;
  tokenHash: string;
}

/** What a partner's signed request carries (headers) and is (method, path as sent, raw body). */
export interface SignedRequest {
  key: string | undefined;
  ts: string | undefined;
  sig: string | undefined;
  method: string;
  path: string;
  rawBody: Buffer | string;
}

export interface PartnersDeps {
  db: Db;
  config: Config;
  accounts: Pick<AccountsService, 'createUser' | 'deleteUser' | 'usersByIds'>;
  /** The applicant's KYC level (late-bound: the kyc service is built after this one). */
  levelOf: (userId: string) => Promise<number>;
  /** Tests inject keyrings; otherwise built from config on first use, as for documents. */
  keyring?: Keyring;
  now?: () => number;
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const parseList = (json: string): string[] => {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};
const secretContext = (id: string) => `partner_secret:${id}`;
/** A new API secret: 256 random bits, recognisable by its prefix in a config file or a leak scanner. */
const newSecret = () => `psk_${randomBytes(32).toString('base64url')}`;

const unknownBusiness = () => new BusinessError(RetCode.PARTNER_UNKNOWN, 'unknown business');
const badSignature = () => new BusinessError(RetCode.PARTNER_SIGNATURE_INVALID, 'invalid signature');
const tokenInvalid = () => new BusinessError(RetCode.ACCESS_TOKEN_INVALID, 'access token invalid');

/**
 * The SDK/app partners (issue 14, decision 021): the business registry with its sealed, rotatable
 * API secrets; verification of partners' signed calls (fresh, constant-time, never twice); the
 * applicant a partner's user is; access tokens bound to business, scene, origin and applicant.
 */
export function createPartnersService({ db, config, accounts, levelOf, keyring: injectedKeyring, now = Date.now }: PartnersDeps) {
  let keyring = injectedKeyring;
  const keys = () => (keyring ??= loadKeyring({ dataEncryptionKey: config.dataEncryptionKey, previousEncryptionKeys: config.previousEncryptionKeys, dataDir: config.dataDir }));

  /** `q`: the caller's open transaction, if any (SQLite has one connection: a read outside it would wait). */
  async function view(row: repo.BusinessRow, q: Db = db): Promise<BusinessView> {
    const secrets = await repo.liveSecrets(q, row.id, nowIso(new Date(now())));
    const current = secrets.find((s) => s.retired_at === null);
    const previous = secrets.filter((s) => s.retired_at !== null).map((s) => s.valid_until!).sort().at(-1) ?? null;
    return {
      id: row.id,
      name: row.name,
      allowedOrigins: parseList(row.allowed_origins),
      scenes: parseList(row.scenes),
      redirectAllowlist: parseList(row.redirect_allowlist),
      defaultLanguage: row.default_language,
      status: row.status as BusinessStatus,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      secretCreatedAt: current?.created_at ?? null,
      previousSecretValidUntil: previous,
    };
  }

  /** Seals a new secret for the business in the caller's transaction; returns it in the clear, once. */
  async function addSecret(trx: Db, businessId: string, at: string, known?: string): Promise<string> {
    const secret = known ?? newSecret();
    const id = randomUUID();
    const sealed = sealBytes(keys(), Buffer.from(secret, 'utf8'), secretContext(id));
    await repo.insertSecret(trx, {
      id,
      business_id: businessId,
      ciphertext: sealed.ciphertext.toString('base64'),
      iv: sealed.iv,
      auth_tag: sealed.authTag,
      wrapped_key: sealed.wrappedKey,
      key_id: sealed.keyId,
      created_at: at,
      retired_at: null,
      valid_until: null,
    });
    return secret;
  }

  const openSecret = (row: repo.SecretRow) =>
    openSealed(keys(), { ciphertext: Buffer.from(row.ciphertext, 'base64'), iv: row.iv, authTag: row.auth_tag, wrappedKey: row.wrapped_key, keyId: row.key_id }, secretContext(row.id)).toString('utf8');

  async function activeBusiness(id: string): Promise<repo.BusinessRow | undefined> {
    const row = await repo.findBusiness(db, id);
    return row && row.status === BusinessStatus.ACTIVE ? row : undefined;
  }

  /** The user of ours that (business, externalUserId) is: made on first sight through the accounts service. */
  async function applicantOf(businessId: string, externalUserId: string, actor: Actor): Promise<string> {
    const known = await repo.findApplicant(db, businessId, externalUserId);
    if (known) return known.user_id;
    // A partner's user has no e-mail or password with us: an unusable address and a random password
    // (never shown) mean the account can only be reached with this business's access tokens.
    const userId = await accounts.createUser({ email: `sdk-${randomUUID()}@${businessId}.partners.invalid`, password: randomBytes(32).toString('base64url') }, actor, UserRole.USER);
    return inTransaction(db, async (trx) => {
      const linked = await repo.linkApplicant(trx, { business_id: businessId, external_user_id: externalUserId, user_id: userId, created_at: nowIso(new Date(now())) });
      if (linked !== userId) {
        // Another request for the same person linked its account first: ours is removed again.
        await accounts.deleteUser(trx, userId, actor);
      } else {
        // The partner's applicants' events go to its endpoints and feed (decision 050).
        await linkAudienceIn(trx, userId, businessId);
        await recordAudit(trx, actor, { action: 'partner.applicant_link', entityType: 'partner_business', entityId: businessId, after: { externalUserId, userId } });
      }
      return linked;
    });
  }

  async function storeToken(input: Omit<repo.AccessTokenRow, 'token_hash' | 'created_at' | 'expires_at' | 'revoked_at'>, actor: Actor): Promise<{ token: string; expiresAt: string }> {
    const token = `sat_${randomBytes(32).toString('base64url')}`;
    const issued = new Date(now());
    const expiresAt = nowIso(new Date(issued.getTime() + ACCESS_TOKEN_TTL_MS));
    await inTransaction(db, async (trx) => {
      await repo.insertAccessToken(trx, { ...input, token_hash: hash(token), created_at: nowIso(issued), expires_at: expiresAt, revoked_at: null });
      await recordAudit(trx, actor, {
        action: 'sdk.access_token_issue',
        entityType: 'user',
        entityId: input.user_id,
        after: { business: input.business_id, scene: input.scene, origin: input.origin, level: input.level, expiresAt },
      });
    });
    return { token, expiresAt };
  }

  const sdkUrl = (token: string, scene: string, language: string | null, isUpdatePoi: boolean, businessId: string) => {
    const q = new URLSearchParams();
    q.set(SdkPageParam.TOKEN, token);
    q.set(SdkPageParam.FROM, scene);
    if (language) q.set(SdkPageParam.LANG, language);
    q.set(SdkPageParam.IS_UPDATE_POI, String(isUpdatePoi));
    // The marker SDK mode keeps in every page's address (frame-ancestors after a reload); web users' pages are never framed by a partner.
    if (businessId !== WEB_BUSINESS_ID) q.set(SDK_BUSINESS_PARAM, businessId);
    return `${SDK_PAGE_PATH}?${q.toString()}`;
  };

  return {
    async listBusinesses(): Promise<BusinessView[]> {
      return Promise.all((await repo.listBusinesses(db)).map((row) => view(row)));
    },

    async getBusiness(id: string): Promise<BusinessView> {
      const row = await repo.findBusiness(db, id);
      if (!row) throw notFound();
      return view(row);
    },

    /** Registers a business and its first secret (returned once, never again). Audited. */
    async createBusiness(input: CreateBusinessInput, actor: Actor, knownSecret?: string): Promise<{ business: BusinessView; secret: string }> {
      const at = nowIso(new Date(now()));
      const secret = await inTransaction(
        db,
        async (trx) => {
          if (input.id === WEB_BUSINESS_ID || (await repo.findBusiness(trx, input.id))) throw new BusinessError(RetCode.PARTNER_EXISTS, 'business exists');
          await repo.insertBusiness(trx, {
            id: input.id,
            name: input.name,
            allowed_origins: JSON.stringify(input.allowedOrigins),
            scenes: JSON.stringify(input.scenes),
            redirect_allowlist: JSON.stringify(input.redirectAllowlist),
            default_language: input.defaultLanguage,
            status: BusinessStatus.ACTIVE,
            created_at: at,
            updated_at: at,
          });
          const s = await addSecret(trx, input.id, at, knownSecret);
          await recordAudit(trx, actor, { action: 'partner.create', entityType: 'partner_business', entityId: input.id, after: { ...input, status: BusinessStatus.ACTIVE } });
          return s;
        },
        'business exists',
      );
      return { business: await this.getBusiness(input.id), secret };
    },

    /** Changes a business's settings or status; disabling it also revokes its live tokens. Audited. */
    async updateBusiness(id: string, input: UpdateBusinessInput, actor: Actor): Promise<BusinessView> {
      const at = nowIso(new Date(now()));
      await inTransaction(db, async (trx) => {
        const before = await repo.findBusiness(trx, id);
        if (!before) throw notFound();
        await repo.updateBusiness(trx, id, {
          name: input.name,
          allowed_origins: JSON.stringify(input.allowedOrigins),
          scenes: JSON.stringify(input.scenes),
          redirect_allowlist: JSON.stringify(input.redirectAllowlist),
          default_language: input.defaultLanguage,
          status: input.status,
          updated_at: at,
        });
        if (input.status === BusinessStatus.DISABLED) await repo.revokeAllOfBusiness(trx, id, at);
        const was = await view(before, trx);
        await recordAudit(trx, actor, {
          action: 'partner.update',
          entityType: 'partner_business',
          entityId: id,
          before: { name: was.name, allowedOrigins: was.allowedOrigins, scenes: was.scenes, redirectAllowlist: was.redirectAllowlist, defaultLanguage: was.defaultLanguage, status: was.status },
          after: input,
        });
      });
      return this.getBusiness(id);
    },

    /**
     * A new current secret. The old one keeps verifying for `overlapMinutes` (0: stops at once), so
     * a partner can deploy the new one without a window of refused calls. Audited (never the secret).
     */
    async rotateSecret(id: string, overlapMinutes: number, actor: Actor): Promise<{ business: BusinessView; secret: string }> {
      const at = new Date(now());
      const validUntil = nowIso(new Date(at.getTime() + overlapMinutes * 60_000));
      const secret = await inTransaction(db, async (trx) => {
        if (!(await repo.findBusiness(trx, id))) throw notFound();
        await repo.retireSecrets(trx, id, nowIso(at), validUntil);
        // An earlier rotation's overlap never outlives this one's.
        await repo.shortenOverlap(trx, id, validUntil);
        const s = await addSecret(trx, id, nowIso(at));
        await recordAudit(trx, actor, { action: 'partner.rotate_secret', entityType: 'partner_business', entityId: id, after: { overlapMinutes, previousValidUntil: validUntil } });
        return s;
      });
      return { business: await this.getBusiness(id), secret };
    },

    /**
     * Checks a partner's signed call: an active business, a timestamp within 5 minutes of our clock,
     * the HMAC under one of its live secrets (constant-time), and a signature never seen before —
     * remembered in the database until it would be stale anyway, so a replay fails on every server.
     */
    async verifySignedRequest(req: SignedRequest): Promise<{ id: string; name: string }> {
      const business = req.key ? await activeBusiness(req.key) : undefined;
      if (!business) throw unknownBusiness();
      const ts = req.ts !== undefined && /^\d{1,16}$/.test(req.ts) ? Number(req.ts) : NaN;
      const clock = now();
      if (!Number.isFinite(ts) || Math.abs(clock - ts) > PARTNER_SIGNATURE_MAX_AGE_MS) throw new BusinessError(RetCode.PARTNER_TIMESTAMP_STALE, 'stale timestamp');
      const sig = (req.sig ?? '').trim();
      const secrets = await repo.liveSecrets(db, business.id, nowIso(new Date(clock)));
      // Every live secret is tried (no early exit), so timing does not tell which one matched. A
      // published secret signs nothing outside demo mode (decision 035), whichever business has it.
      let matched = false;
      for (const s of secrets) {
        const secret = openSecret(s);
        if (!config.demo && isPublishedSecret(secret)) continue;
        if (signatureMatches(partnerSignature(secret, req.ts!, req.method, req.path, req.rawBody), sig)) matched = true;
      }
      if (!matched) throw badSignature();
      await repo.forgetSignaturesBefore(db, nowIso(new Date(clock)));
      const fresh = await repo.rememberSignature(db, business.id, sig, nowIso(new Date(ts + PARTNER_SIGNATURE_MAX_AGE_MS)));
      if (!fresh) throw new BusinessError(RetCode.PARTNER_SIGNATURE_REPLAYED, 'signature already used');
      return { id: business.id, name: business.name };
    },

    /** POST access-token: a token for the partner's user (the applicant is made on first sight). */
    async issueAccessToken(
      businessId: string,
      input: { externalUserId: string; level: 1 | 2; language?: string | undefined; redirect_url?: string | undefined; isUpdatePoi: boolean; origin?: string | undefined; scene?: string | undefined },
      actor: Actor,
    ): Promise<AccessTokenResult> {
      const business = await activeBusiness(businessId);
      if (!business) throw unknownBusiness();
      const b = await view(business);
      const origin = input.origin === undefined ? b.allowedOrigins[0] : normalizeOrigin(input.origin);
      if (!origin || !b.allowedOrigins.includes(origin)) throw new BusinessError(RetCode.PARTNER_ORIGIN_NOT_ALLOWED, 'origin not allowed');
      const scene = input.scene ?? b.scenes[0]!;
      if (!b.scenes.includes(scene)) throw new BusinessError(RetCode.PARTNER_SCENE_NOT_ALLOWED, 'scene not allowed');
      let redirectUrl: string | null = null;
      if (input.redirect_url !== undefined) {
        redirectUrl = allowlistedUrl(input.redirect_url, b.redirectAllowlist);
        if (!redirectUrl) throw new BusinessError(RetCode.PARTNER_REDIRECT_NOT_ALLOWED, 'redirect_url not allowed');
      }
      const partnerActor: Actor = { ...actor, type: 'system', id: `partner:${business.id}` };
      const userId = await applicantOf(business.id, input.externalUserId, partnerActor);
      const language = input.language ?? b.defaultLanguage;
      const { token, expiresAt } = await storeToken(
        { business_id: business.id, scene, origin, user_id: userId, level: input.level, language, redirect_url: redirectUrl, is_update_poi: input.isUpdatePoi ? 1 : 0 },
        partnerActor,
      );
      return { accessToken: token, expiresAt, expiresIn: Math.round(ACCESS_TOKEN_TTL_MS / 1000), origin, scene, sdkUrl: sdkUrl(token, scene, language, input.isUpdatePoi, business.id) };
    },

    /** POST sdk-access (§7): a web user's own token for the SDK page, bound to our own origin. */
    async issueWebAccessToken(userId: string, input: { level: 1 | 2; from: string; isSecondary: boolean }, ownOrigin: string, language: string | null, actor: Actor): Promise<SdkAccessResult> {
      const { token, expiresAt } = await storeToken(
        { business_id: WEB_BUSINESS_ID, scene: input.from, origin: ownOrigin, user_id: userId, level: input.level, language, redirect_url: null, is_update_poi: input.isSecondary ? 1 : 0 },
        actor,
      );
      return { accessToken: token, expiresAt, sdkUrl: sdkUrl(token, input.from, language, input.isSecondary, WEB_BUSINESS_ID) };
    },

    /**
     * The caller behind SDK headers, or ACCESS_TOKEN_INVALID (33003) with one answer for every
     * reason: unknown, expired or revoked token, a disabled business, another origin or scene.
     * `checkOrigin: false` only for token-info, which the page calls to learn its origin.
     */
    async resolveAccessToken(headers: { token: string | undefined; origin: string | undefined; scene: string | undefined }, { checkOrigin = true } = {}): Promise<SdkCaller> {
      if (!headers.token || headers.token.length > 200) throw tokenInvalid();
      const row = await repo.findAccessToken(db, hash(headers.token));
      if (!row || row.revoked_at !== null || row.expires_at <= nowIso(new Date(now()))) throw tokenInvalid();
      if (headers.scene !== row.scene) throw tokenInvalid();
      if (checkOrigin && normalizeOrigin(headers.origin ?? '') !== row.origin) throw tokenInvalid();
      if (row.business_id !== WEB_BUSINESS_ID && !(await activeBusiness(row.business_id))) throw tokenInvalid();
      const user = (await accounts.usersByIds([row.user_id])).get(row.user_id);
      if (!user || user.role !== UserRole.USER) throw tokenInvalid();
      return {
        userId: row.user_id,
        email: user.email,
        businessId: row.business_id,
        scene: row.scene,
        origin: row.origin,
        level: row.level as 1 | 2,
        language: row.language,
        redirectUrl: row.redirect_url,
        isUpdatePoi: row.is_update_poi === 1,
        expiresAt: row.expires_at,
        tokenHash: row.token_hash,
      };
    },

    /** POST revoke-token (signed): one token of this business, or all of one of its applicants. */
    async revokeTokens(businessId: string, input: { accessToken?: string | undefined; externalUserId?: string | undefined }, actor: Actor): Promise<RevokeTokenResult> {
      const at = nowIso(new Date(now()));
      const partnerActor: Actor = { ...actor, type: 'system', id: `partner:${businessId}` };
      return inTransaction(db, async (trx) => {
        let revoked = 0;
        if (input.accessToken) revoked += Number((await repo.revokeAccessToken(trx, businessId, hash(input.accessToken), at)).numUpdatedRows);
        if (input.externalUserId) {
          const applicant = await repo.findApplicant(trx, businessId, input.externalUserId);
          if (applicant) revoked += Number((await repo.revokeAccessTokensOf(trx, businessId, applicant.user_id, at)).numUpdatedRows);
        }
        if (revoked > 0) await recordAudit(trx, partnerActor, { action: 'sdk.access_token_revoke', entityType: 'partner_business', entityId: businessId, after: { revoked, externalUserId: input.externalUserId ?? null } });
        return { revoked };
      });
    },

    /** §7 sdk token info: the SDK mode's profile. */
    async tokenInfo(caller: SdkCaller, emailUpdatePoi: boolean): Promise<TokenInfo> {
      const partner = caller.businessId === WEB_BUSINESS_ID ? null : await view((await repo.findBusiness(db, caller.businessId))!);
      return {
        level: await levelOf(caller.userId),
        targetLevel: caller.level,
        // A partner's applicant has no address of its own; a web user's is theirs to see.
        email: emailUpdatePoi && !partner ? caller.email : null,
        sdkLang: caller.language,
        sdkFrom: caller.scene,
        isUpdatePoi: caller.isUpdatePoi,
        accessOrigin: caller.origin,
        extraParams: { redirect_url: caller.redirectUrl },
        business: { id: caller.businessId, name: partner?.name ?? WEB_BUSINESS_ID },
        redirectAllowlist: partner ? partner.redirectAllowlist : config.redirectAllowlist.map((o) => normalizeOrigin(o)).filter((o): o is string => o !== null),
        expiresAt: caller.expiresAt,
      };
    },

    async businessInfo(caller: SdkCaller): Promise<BusinessInfo> {
      const partner = caller.businessId === WEB_BUSINESS_ID ? null : await repo.findBusiness(db, caller.businessId);
      return { id: caller.businessId, name: partner?.name ?? WEB_BUSINESS_ID, defaultLanguage: partner?.default_language ?? 'en', scene: caller.scene };
    },

    /**
     * The origins that may frame the SDK page opened with this token (CSP frame-ancestors): exactly
     * its business's allowed origins; null for an unknown, expired or web user's token.
     */
    async frameAncestorsFor(token: string): Promise<string[] | null> {
      if (token.length > 200) return null;
      const row = await repo.findAccessToken(db, hash(token));
      if (!row || row.revoked_at !== null || row.expires_at <= nowIso(new Date(now())) || row.business_id === WEB_BUSINESS_ID) return null;
      const business = await activeBusiness(row.business_id);
      return business ? parseList(business.allowed_origins) : null;
    },

    /**
     * The origins that may frame a page of the SDK flow whose address carries this business marker
     * (a reload inside the frame, decision 021): exactly the registered origins of an active
     * business; null for an unknown or disabled one, or the web users' id.
     */
    async frameAncestorsOfBusiness(id: string): Promise<string[] | null> {
      if (id === WEB_BUSINESS_ID || id.length > 64) return null;
      const business = await activeBusiness(id);
      return business ? parseList(business.allowed_origins) : null;
    },

    /**
     * The demo business `demo-partner` with its published secret, for the demo partner page
     * (/partner-demo/) on this server's own addresses (localhost and 127.0.0.1, and PUBLIC_URL).
     */
    async ensureDemoBusiness(actor: Actor): Promise<boolean> {
      const existing = await repo.findBusiness(db, DEMO_PARTNER_ID);
      if (existing) {
        // Disabled when the server last ran without demo mode (disableDemoBusiness): back in demo mode.
        if (existing.status === BusinessStatus.DISABLED) await this.updateBusiness(DEMO_PARTNER_ID, settingsOf(await this.getBusiness(DEMO_PARTNER_ID), BusinessStatus.ACTIVE), actor);
        return false;
      }
      const own = [`http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`, ...(config.vendors.publicUrl ? [new URL(config.vendors.publicUrl).origin] : [])];
      const origins = [...new Set(own)];
      await this.createBusiness(
        { id: DEMO_PARTNER_ID, name: 'Demo Partner', allowedOrigins: origins, scenes: [DEMO_PARTNER_ID], redirectAllowlist: origins, defaultLanguage: 'es-ES' },
        actor,
        DEMO_PARTNER_SECRET,
      );
      return true;
    },

    /**
     * Outside demo mode: the demo business (its secret is published) is disabled, its live tokens
     * revoked, audited. Returns whether it was active until now.
     */
    async disableDemoBusiness(actor: Actor): Promise<boolean> {
      const existing = await repo.findBusiness(db, DEMO_PARTNER_ID);
      if (!existing || existing.status === BusinessStatus.DISABLED) return false;
      await this.updateBusiness(DEMO_PARTNER_ID, settingsOf(await this.getBusiness(DEMO_PARTNER_ID), BusinessStatus.DISABLED), actor);
      return true;
    },

    /** Console: the partner and external id behind one of our users, if any (a case's context). */
    async partnerOfUser(userId: string): Promise<{ businessId: string; externalUserId: string } | null> {
      const row = await repo.findApplicantByUser(db, userId);
      return row ? { businessId: row.business_id, externalUserId: row.external_user_id } : null;
    },
  };
}

export type PartnersService = ReturnType<typeof createPartnersService>;

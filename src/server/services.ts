import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { SubjectKind } from '../shared/review.ts';
import { SATOS_TEMPLATE_CODE } from '../shared/api/questionnaires.ts';
import { QuestionnaireStatus } from '../shared/kyc.ts';
import { logMailer, type Mailer } from './mail/mailer.ts';
import { BusinessError } from './errors.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createConsoleService, type UserStatePorts } from './modules/console/console.service.ts';
import { AmlScene } from '../shared/api/screening.ts';
import { createCountriesService } from './modules/countries/countries.service.ts';
import { createDocumentsService } from './modules/documents/documents.service.ts';
import { createKycService, createLevelApprovedMail } from './modules/kyc/kyc.service.ts';
import { createMonitoringService } from './modules/monitoring/monitoring.service.ts';
import { createInHouseProvider, createProvidersService, createVendorProviders } from './modules/providers/providers.service.ts';
import { createReviewService } from './modules/review/review.service.ts';
import { createSiteService } from './modules/site/site.service.ts';
import { createStaffService } from './modules/staff/staff.service.ts';
import { createRecordsService } from './modules/records/records.service.ts';
import { createOtpService } from './modules/otp/otp.service.ts';
import { createReverificationService } from './modules/reverification/reverification.service.ts';
import { createMailTemplates } from './mail/templates.ts';
import { createPartnersService } from './modules/partners/partners.service.ts';
import { createFaceMatchService, createFaceService, faceMatchPersonalData } from './modules/face/face.service.ts';
import { createHandoffService, createLivenessService, handoffPersonalData } from './modules/handoff/handoff.service.ts';
import { createQuestionnairesService } from './modules/questionnaires/questionnaires.service.ts';
import { createEddService } from './modules/edd/edd.service.ts';
import { createExtrasService } from './modules/extras/extras.service.ts';
import { createInhouseEngine, createInProcessMatcher, createScreeningService, createWorkerMatcher, createYenteEngine } from './modules/screening/screening.service.ts';
import { createLimitsService } from './modules/limits/limits.service.ts';
import { createTransferService } from './modules/transfer/transfer.service.ts';
import { createRiskService } from './modules/risk/risk.service.ts';
import { createComplianceService } from './modules/compliance/compliance.service.ts';
import { createRiskListsService } from './modules/risk-lists/risk-lists.service.ts';
import { createEndpointDisabledMail, createEventsService, enabledEndpointsFloor, pruneEvents, subscribersFloor } from './modules/events/events.service.ts';
import { createRestrictionsService } from './modules/restrictions/restrictions.service.ts';
import { createLimitationSweep } from './modules/limitations/limitations.service.ts';
import { createReasonTemplatesService } from './modules/reason-templates/reason-templates.service.ts';

/**
 * Builds every domain service once per app; routes reach them through `app.services`. A module that
 * reacts to another's change subscribes to its event and acts after the commit (decision 057: a
 * verified level's EDD assessment, screening and e-mail; a screening match's EDD). The closures that
 * still name a service built further down are reads at request time across a genuine cycle — kyc-info
 * asks re-verification, questionnaires, compliance, extras and transfers for their parts, each of which
 * reads kyc; the upload gate and the in-house provider read kyc; risk lists and EDD read each other — or
 * an incoming call handed, in its own transaction, to the module that owns what it decides: a vendor's
 * update-session webhook (re-verification), an EDD questionnaire's submission (EDD) and an upload's
 * face-match job (decision 045). No service is called before all are built.
 */
/** Where services log what nobody is waiting for (a vendor's webhook, a failed vendor call). */
export interface ServiceLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}
const consoleLog: ServiceLog = { info: (_obj, msg) => console.log(msg), warn: (obj, msg) => console.warn(msg, obj) };

/** kyc-info with none of its optional parts: the user view needs the limitation only. */
const KYC_INFO_NO_EXTRAS = { obtain_kyc_token: false, obtain_current: false, obtain_quotas: false, obtain_state: false, obtain_aml_questionnaire: false, obtain_verification_process: false };

export function createServices(db: Db, config: Config, { mailer = logMailer({ info: (_obj, msg) => console.log(msg) }), log = consoleLog }: { mailer?: Mailer; log?: ServiceLog } = {}) {
  // The profile's `level` is the KYC level reached.
  const accounts = createAccountsService({ db, config, levelOf: (userId) => kyc.levelOf(userId), mailer });
  // Uploads follow the KYC rule of "this level accepts a submission", or, for a verified level, an
  // update of its document that re-verification asks for (decision 017).
  const uploadGate = async (userId: string, level: 1 | 2, trx?: Db) => {
    if (await reverification.acceptsUpload(userId, level, trx)) return;
    await kyc.assertCanUpload(userId, level, trx);
  };
  // A selfie and a document front, whichever came last, are compared after the upload commits (decision 045).
  const documents = createDocumentsService({
    db, config, canUpload: uploadGate, log,
    uploaded: { inTrx: (trx, userId, doc) => faceMatches.uploadedIn(trx, userId, doc), committed: () => faceMatches.kick() },
  });
  const templates = createMailTemplates(config.localesDir, 'reverification');
  const otp = createOtpService({ db, mailer, templates, emailOf: async (userId) => (await accounts.usersByIds([userId])).get(userId)?.email });
  const review = createReviewService({ db, fourEyes: config.fourEyes, log });
  // Restrictions compliance decisions put on an account (decision 052): kyc-info's limitation.
  const restrictions = createRestrictionsService({ db });
  // Withdrawal limits and fiat rates as data (decision 040): kyc-info's quotas and the user's rate.
  const limits = createLimitsService({
    db,
    config: config.limits,
    log,
    emailsOf: async (ids) => new Map([...(await accounts.usersByIds(ids))].map(([id, u]) => [id, u.email])),
  });
  const staff = createStaffService({ db, accounts });
  // The in-house provider reads its outcomes from the kyc module's applications.
  const providers = createProvidersService({
    routes: config.providerRoutes,
    providers: [createInHouseProvider({ outcomeOf: (userId, level) => kyc.outcomeOf(userId, level) }), ...createVendorProviders(config.vendors, { demo: config.demo })],
  });
  // kyc-info shows re-verification's statuses and the questionnaire fields (§3); re-verification reads
  // kyc's verified data, the questionnaires' rules the KYC level and residence.
  const kyc = createKycService({
    db, config, documents, accounts, review, providers, log, otp,
    limits: { quotasFor: (q, site) => limits.quotasFor(q, site, 'KYC') },
    reverification: { displayFor: (userId, at, known) => reverification.displayFor(userId, at, known) },
    questionnaires: { kycInfoOf: (userId, at, known) => questionnaires.kycInfoOf(userId, at, known) },
    // kyc-info lists the open compliance tasks and is limited by an overdue one (decision 027).
    complianceTasks: { forKycInfo: (userId) => compliance.tasks.forKycInfo(userId) },
    // ... and by the restrictions an EDD rejection or a confirmed screening match put on it (decision 052).
    restrictions,
    // kyc-info carries the extras' fields (decision 025); extras read the level and residence from kyc.
    // second_identity_state: an identity transfer's status when the user has one (decision 029), else the custody move's.
    extras: {
      forKycInfo: async (q, userId, at) => {
        const extra = await extras.forKycInfo(q, userId, at);
        const transfer = await transfers.secondIdentityStateOf(userId, q);
        return transfer ? { ...extra, second_identity_state: transfer } : extra;
      },
    },
    // An update's vendor session: its webhook events decide the update, not an application (decision 017).
    vendorUpdates: { apply: (trx, session, outcome, residence, actor) => reverification.vendorUpdateEvents.apply(trx, session, outcome, residence, actor) },
  });
  const extras = createExtrasService({
    db,
    accounts,
    kyc: { levelOf: (userId) => kyc.levelOf(userId), residenceOf: async (userId) => (await kyc.getPersonalInfo(userId)).info?.residenceCountry ?? '' },
    review,
    roleOf: (userId) => staff.roleOf(userId),
    // Decision 052: the Satos custody is offered once the onboarding's appropriateness test is passed.
    appropriateness: {
      passed: async (q, userId) => (await questionnaires.statusesOf(q, userId))[SATOS_TEMPLATE_CODE] === QuestionnaireStatus.QUESTIONNAIRE_STATUS_APPROVED,
      passedIn: (statuses) => statuses[SATOS_TEMPLATE_CODE] === QuestionnaireStatus.QUESTIONNAIRE_STATUS_APPROVED,
    },
    kybQuotas: (q, site) => limits.quotasFor(q, site, 'KYB'),
  });
  // Decision 036: a member tag change that lowers a duty is a MEMBER_TAG case (four eyes, always).
  review.registerSubject(SubjectKind.MEMBER_TAG, extras.tagChanges.reviewHandler);
  // Links in e-mails sent outside a request (a decision's) start with our public address.
  const publicUrl = config.vendors.publicUrl ?? `http://localhost:${config.port}`;
  const reverification = createReverificationService({ db, review, providers, kyc, documents, accounts, mailer, templates, reasonTexts: createMailTemplates(config.localesDir, 'kyc-reasons'), publicUrl });
  const questionnaires = createQuestionnairesService({
    db,
    coolingOffSeconds: config.questionnaireCoolingOffSeconds,
    review,
    documents,
    kyc: { profileOf: async (userId) => ({ level: await kyc.levelOf(userId), country: (await kyc.getPersonalInfo(userId)).info?.residenceCountry ?? '' }) },
    // EDD questionnaires are reviewed within the EDD case (decision 028).
    handoff: { submitted: (trx, input, actor) => edd.submitted(trx, input, actor) },
  });
  // Enhanced due diligence (issue 12, decision 028): the questionnaire engine keeps the answers; the
  // country rules read the residence and nationality given to kyc.
  // Country risk lists as data (decision 041): a new version re-assesses the verified users of the listed countries through EDD.
  const riskLists = createRiskListsService({
    db,
    ports: () => ({
      verifiedUsersIn: (countries, after, limit) => kyc.verifiedUsersIn(countries, after, limit),
      assess: async (userId, detail, actor) => (await edd.assess(userId, {}, actor, detail)).changed,
    }),
  });
  const edd = createEddService({
    db,
    // Decision 052: an EDD rejection restricts the account (kyc-info's limitation) until a round passes.
    restrictions,
    review,
    questionnaires,
    accounts,
    kyc: { countriesOf: (q, userId) => kyc.countriesOf(q, userId) },
    // The country rules read the risk lists in use (decision 041).
    riskLists: {
      highRiskCountries: async (q) => {
        const lists = await riskLists.current(q);
        return { version: lists?.version ?? null, countries: lists?.countries ?? [] };
      },
    },
  });
  // A verified level's EDD assessment and screening react to its event after the commit (decision 057).
  review.registerSubject(SubjectKind.KYC_APPLICATION, kyc.reviewHandler);
  // Compliance tasks and RFI (decision 027): questionnaire tasks are done once the questionnaire is submitted.
  const compliance = createComplianceService({
    db,
    accounts,
    documents,
    review,
    mailer,
    templates: createMailTemplates(config.localesDir, 'compliance'),
    log,
    publicUrl,
    siteOf: (userId) => reverification.siteOf(userId),
    residenceOf: async (userId) => (await kyc.getPersonalInfo(userId)).info?.residenceCountry ?? '',
    questionnaireStatuses: async (userId) => Object.fromEntries((await questionnaires.list(userId, { site: '' })).items.map((i) => [i.templateCode, i.status])),
  });
  review.registerSubject(SubjectKind.REVERIFICATION, reverification.reviewHandler);
  // AML name screening (decision 026): a potential match is a SCREENING case; a hit makes nsquestion due.
  // A potential match, found at approval or after a list change, is an EDD trigger (decision 028), in the same transaction.
  const screening = createScreeningService({
    db,
    review,
    questionnaires,
    people: kyc,
    // Decision 043: the in-house index (threads of its own) or yente over HTTP, by SCREENING_ENGINE; the index is
    // built at half the re-screening's share of a core, below the server's priority (decision 054).
    engine: config.screening.yente
      ? createYenteEngine(config.screening.yente)
      : createInhouseEngine(config.screening.workers > 0 ? createWorkerMatcher({ threads: config.screening.workers, database: config.database, share: config.screening.rescreenShare / 2, nice: config.screening.nice }) : createInProcessMatcher()),
    catalogIntervalMs: config.screening.yente?.catalogRefreshMs ?? 0,
    rescreenIntervalMs: config.screening.rescreenIntervalMs,
    rescreenShare: config.screening.rescreenShare,
    onJobError: (err) => log.warn({ err }, 'screening: a job failed; it is retried'),
    // Decision 052: a confirmed match restricts the account; a cleared one lifts it.
    restrictions,
  });
  review.registerSubject(SubjectKind.QUESTIONNAIRE, questionnaires.reviewHandler);
  review.registerSubject(SubjectKind.SCREENING, screening.reviewHandler);
  review.registerSubject(SubjectKind.RFI, compliance.rfi.reviewHandler);
  // Issue 12 (decision 029): identity transfers between sites and risk intercepts.
  const transfers = createTransferService({ db, review, otp, accounts, kyc: kyc.identityTransfer, sites: reverification });
  review.registerSubject(SubjectKind.IDENTITY_TRANSFER, transfers.reviewHandler);
  const risk = createRiskService({ db, residenceOf: async (userId) => (await kyc.getPersonalInfo(userId)).info?.residenceCountry ?? '', reverification });
  review.registerSubject(SubjectKind.EDD, edd.reviewHandler);
  const countries = createCountriesService();
  // Decision 051: the user view asks each module for its own state of the user.
  const userStates: UserStatePorts = {
    level: async (userId) => Number(await kyc.levelOf(userId)),
    limitation: async (userId) => (await kyc.getInfo(userId, KYC_INFO_NO_EXTRAS)).limitationInfo,
    tasks: async (userId) => (await compliance.tasks.list(userId, {})).list,
    screening: async (userId) => {
      const r = await screening.amlResult(userId, AmlScene.KYC);
      return { status: r.status, result: r.result, screenedAt: r.screenedAt, listVersion: r.listVersion };
    },
    edd: async (userId) => {
      const r = await edd.info(userId);
      return { status: r.eddStatus, submittedAt: r.submittedAt, decidedAt: r.decidedAt };
    },
  };
  const consoleService = createConsoleService({ db, review, kyc, accounts, reverification, documents, questionnaires, screening, transfers, rfi: compliance.rfi, edd, memberTags: extras.tagChanges, userStates });
  // Issue 17 (decision 023): the phone handoff and the liveness challenge of the in-house capture.
  // The phone sends the same pictures the computer would: the same upload gate (re-verification included).
  const handoff = createHandoffService({ db, config, documents, canUpload: uploadGate });
  // Decision 039: the server reads the liveness pictures with its own face model, in worker threads.
  const face = createFaceService({ ...(config.capture.faceThreads ? { threads: config.capture.faceThreads } : {}), queue: config.capture.faceQueue, nice: config.capture.faceNice });
  const liveness = createLivenessService({ db, documents, face });
  const faceMatches = createFaceMatchService({
    db, documents, face,
    liveness: () => liveness,
    jobIntervalMs: config.capture.faceMatchPollMs,
    onJobError: (err) => log.warn({ err }, 'face match: a comparison failed; it is retried'),
  });
  // The retention job also runs the capture's sweeps (biometric data, old phone links).
  // Face matches are biometric results: they go with the liveness checks (decision 045).
  const sweeps = () => ({
    biometric: async (before: string, keep: (userId: string, level: 1 | 2) => Promise<boolean>) => (await liveness.sweep(before, keep)) + (await faceMatches.sweep(before, keep)),
    handoffLinks: handoff.sweep,
    eraseBiometric: async (trx: Db, userId: string) => (await liveness.removeAllOf(trx, userId)) + (await faceMatches.removeAllOf(trx, userId)),
  });
  // The capture's records (phone links, liveness checks) by its module's port.
  const records = createRecordsService({ db, config, review, kyc, accounts, documents, console: consoleService, sweeps, personalData: [questionnaires.personalData, reverification.personalData, compliance.personalData, edd.personalData, transfers.personalData, extras.personalData, handoffPersonalData, faceMatchPersonalData, risk.personalData, screening.personalData] });
  const site = createSiteService({ config });
  const monitoring = createMonitoringService();
  // SDK/app partners (decision 021): applicants are accounts; their level comes from kyc.
  const partners = createPartnersService({ db, config, accounts, levelOf: (userId) => kyc.levelOf(userId) });
  // Domain events out of the outbox (decision 050): webhook endpoints, the relay, the feed.
  const events = createEventsService({
    db,
    config: config.webhooks,
    dataEncryptionKey: config.dataEncryptionKey,
    previousEncryptionKeys: config.previousEncryptionKeys,
    dataDir: config.dataDir,
    businesses: { exists: (id) => partners.getBusiness(id).then(() => true, (err: unknown) => (err instanceof BusinessError ? false : Promise.reject(err))) },
    onError: (err) => log.warn({ err }, 'events: a relay or subscriber pass failed; it is retried'),
  });
  // The limitation sweep (decision 061): overdue tasks and the account's limitation changes as events.
  const limitationSweep = createLimitationSweep({
    db,
    intervalMs: config.limitationSweep.intervalMs,
    restrictions,
    reverification: { displayFor: (userId, at) => reverification.displayFor(userId, at), usersWithOverdueRequests: (after, limit) => reverification.usersWithOverdueRequests(after, limit) },
    complianceTasks: compliance.tasks,
    // The same job prunes the outbox behind every reader: the endpoints' fan-out and the subscribers.
    pruneEvents: () => pruneEvents(db, { retentionDays: config.limitationSweep.eventsRetentionDays, cursorFloors: [enabledEndpointsFloor, subscribersFloor] }),
    onError: (err) => log.warn({ err }, 'limitation sweep: a pass failed; it is retried'),
  });
  // The modules' reactions to events, after the commit, each with its own cursor (decision 057): a
  // verified level's EDD assessment and screening, and the user's e-mail that a level is verified.
  events.subscribe(edd.levelVerified);
  events.subscribe(screening.identityVerified);
  events.subscribe(edd.screeningMatched);
  events.subscribe(
    createLevelApprovedMail({
      mailer,
      templates: createMailTemplates(config.localesDir, 'kyc'),
      publicUrl,
      emailOf: async (userId) => (await accounts.usersByIds([userId])).get(userId)?.email,
      residenceOf: async (userId) => (await kyc.getPersonalInfo(userId)).info?.residenceCountry ?? '',
      levelOf: async (userId) => Number(await kyc.levelOf(userId)),
    }),
  );
  // Issue 29: an endpoint the relay turned off after days of failures is e-mailed to the administrators.
  events.subscribe(createEndpointDisabledMail({ db, mailer, templates: createMailTemplates(config.localesDir, 'webhooks-console'), publicUrl, administrators: () => staff.administratorEmails() }));
  return { limitationSweep, events, face, faceMatches, accounts, limits, site, documents, kyc, reverification, questionnaires, review, providers, countries, console: consoleService, monitoring, staff, records, partners, handoff, liveness, extras, screening, transfers, risk, compliance, edd, riskLists, restrictions, reasonTemplates: createReasonTemplatesService({ db }) };
}

export type Services = ReturnType<typeof createServices>;

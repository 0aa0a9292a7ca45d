import type { Db } from './db/index.ts';
import { DEMO_PASSWORDS } from './published-secrets.ts';
import { UserRole } from '../shared/api/accounts.ts';
import type { PersonalInfoInput } from '../shared/api/personal-info.ts';
import { ConsoleRole } from '../shared/staff.ts';
import type { Services } from './services.ts';
import { listAudit, recordAudit, type Actor } from './modules/audit/audit.service.ts';
import { buildKycScenario, KycScenario } from './demo/kyc-scenarios.ts';
import { buildReverificationScenario, ReverificationScenario } from './demo/reverification-scenarios.ts';
import { buildVendorReverificationScenario, type VendorDemo } from './demo/vendor-reverification-scenario.ts';
import { forgetSubject } from './modules/steps/steps.service.ts';
import { buildQuestionnaireScenario, QuestionnaireScenario } from './demo/questionnaire-scenarios.ts';
import { buildComplianceScenario, ComplianceScenario } from './demo/compliance-scenarios.ts';
import { buildExtrasDemo, ExtrasDemo, seedExtrasCatalogue } from './demo/extras-demo.ts';
import { seedScreeningList } from './demo/screening-demo.ts';
import { buildTransferDemo, TransferDemo } from './demo/transfer-demo.ts';
import { buildEddScenario, EddScenario } from './demo/edd-scenarios.ts';

/** The demo users' passwords: published (README), so they exist in demo mode only (published-secrets.ts). */
export const DEMO_PASSWORD = DEMO_PASSWORDS.user;

export const DEMO_REVIEWER_PASSWORD = DEMO_PASSWORDS.reviewer;

/** The demo administrator of the console (roles, audit trail check, retention). */
export const DEMO_ADMIN_PASSWORD = DEMO_PASSWORDS.admin;

/** The second demo reviewer: four-eyes needs two people (decision 018). */
export const DEMO_REVIEWER_2_PASSWORD = DEMO_PASSWORDS.reviewer2;

export interface DemoUser {
  email: string;
  password: string;
  role: UserRole;
  note: string;
  /** Where the user's verification stands (built through the kyc, documents and console services). */
  kyc?: KycScenario;
  /** Who the person is (their residence decides the verification provider); else the scenario's. */
  personalInfo?: PersonalInfoInput;
  /** Where a requested re-verification of the identity document stands (level 1 approved first). */
  reverification?: ReverificationScenario;
  /** Level 1 approved by Sumsub (its local fake), then asked for a new identity document (decision 017). */
  vendorReverification?: true;
  memberTag?: Record<string, string>;
  /** The profile's currency_code (decision 040: limits converted with the exchange's rate). */
  currencyCode?: string;
  /** Console members: their console role (decision 018). */
  consoleRole?: ConsoleRole;
  /** Where the user's questionnaires stand (decision 020). */
  questionnaire?: QuestionnaireScenario;
  /** Where the user's compliance tasks and requests for information stand (decision 027). */
  compliance?: ComplianceScenario;
  /** Where the user's enhanced due diligence stands (decision 028). */
  edd?: EddScenario;
  /** The account extras' pop-up or flow this user shows (decision 025). */
  extras?: ExtrasDemo;
  /** The identity transfer this user takes part in (decision 029); built after `kyc`. */
  transfer?: TransferDemo;
}

/** A person living where the demo routing sends residents to a vendor (DEMO_PROVIDER_ROUTES). */
const resident = (firstName: string, lastName: string, country: string, addressLine1: string, city: string, postalCode: string): PersonalInfoInput => ({
  firstName,
  lastName,
  dateOfBirth: '1991-03-08',
  nationality: country,
  residenceCountry: country,
  addressLine1,
  city,
  postalCode,
});

/** Demo accounts listed in the README. The reviewer comes first: the others' decisions are its. */
export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'reviewer@example.com', password: DEMO_REVIEWER_PASSWORD, role: UserRole.REVIEWER, note: 'senior compliance reviewer (console)', consoleRole: ConsoleRole.SENIOR_REVIEWER },
  { email: 'reviewer2@example.com', password: DEMO_REVIEWER_2_PASSWORD, role: UserRole.REVIEWER, note: 'second senior reviewer (four-eyes)', consoleRole: ConsoleRole.SENIOR_REVIEWER },
  { email: 'admin@example.com', password: DEMO_ADMIN_PASSWORD, role: UserRole.REVIEWER, note: 'console administrator (roles, audit trail, retention)', consoleRole: ConsoleRole.ADMINISTRATOR },
  { email: 'demo@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'no verification yet' },
  { email: 'l1-pending@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'level 1 submitted, pending review', kyc: KycScenario.L1_PENDING },
  { email: 'l1-approved@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'level 1 approved', kyc: KycScenario.L1_APPROVED },
  { email: 'l1-retry@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'level 1 rejected, can retry', kyc: KycScenario.L1_RETRY },
  { email: 'l1-final@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'level 1 rejected, final', kyc: KycScenario.L1_FINAL },
  { email: 'l2-approved@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'levels 1 and 2 approved', kyc: KycScenario.L2_APPROVED },
  // Level 1 open, routed to a vendor (with the vendor fakes' demo routing: one country per vendor).
  { email: 'vendor-sumsub@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'level 1 open, verified by Sumsub (GB)', kyc: KycScenario.PERSONAL_INFO, personalInfo: resident('Oliver', 'Bennett', 'GB', '221 Baker Street', 'London', 'NW1 6XE') },
  { email: 'vendor-onfido@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'level 1 open, verified by Onfido (FR)', kyc: KycScenario.PERSONAL_INFO, personalInfo: resident('Camille', 'Durand', 'FR', '8 Rue de Rivoli', 'Paris', '75004') },
  { email: 'vendor-jumio@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'level 1 open, verified by Jumio (US)', kyc: KycScenario.PERSONAL_INFO, personalInfo: { ...resident('Emily', 'Carter', 'US', '350 Fifth Avenue', 'New York', '10118'), stateRegion: 'NY' } },
  { email: 'vendor-idnow@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'level 1 open, verified by IDnow (AT)', kyc: KycScenario.PERSONAL_INFO, personalInfo: resident('Lena', 'Huber', 'AT', 'Stephansplatz 1', 'Wien', '1010') },
  { email: 'vendor-aai@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'level 1 open, verified by ADVANCE.AI (SG)', kyc: KycScenario.PERSONAL_INFO, personalInfo: resident('Wei Ling', 'Tan', 'SG', '1 Raffles Place', 'Singapore', '048616') },
  { email: 'reverify-needed@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 're-verification of the identity document requested', reverification: ReverificationScenario.NEEDED },
  { email: 'reverify-pending@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'new identity document sent, under review', reverification: ReverificationScenario.PENDING },
  { email: 'reverify-rejected@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'new identity document rejected, can resubmit', reverification: ReverificationScenario.REJECTED },
  { email: 'reverify-daily@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'rejected three times today: resubmit tomorrow', reverification: ReverificationScenario.REJECTED_DAILY },
  { email: 'reverify-vendor@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'verified by Sumsub (GB), asked for a new identity document: updates with Sumsub', vendorReverification: true },
  { email: 'reverify-tr@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'Turkey site and residence, re-verification requested: app only', reverification: ReverificationScenario.TURKEY_NEEDED },
  // Questionnaires (issue 11): level 1 approved, then asked for answers.
  { email: 'questionnaire-due@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'must answer the source of funds and wealth (UNSUBMIT)', kyc: KycScenario.L1_APPROVED, questionnaire: QuestionnaireScenario.DUE },
  { email: 'questionnaire-pending@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'source of funds and wealth under review (PENDING_NO_EDIT)', kyc: KycScenario.L1_APPROVED, questionnaire: QuestionnaireScenario.PENDING_NO_EDIT },
  { email: 'knowledge-failed@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'failed the crypto knowledge test, in cooling-off', kyc: KycScenario.L1_APPROVED, questionnaire: QuestionnaireScenario.KNOWLEDGE_FAILED },
  // AML name screening (decision 026): the name and date of birth of a person on the sample list.
  {
    email: 'screening-hit@example.com',
    password: DEMO_PASSWORD,
    role: UserRole.USER,
    note: 'name on the sample sanctions list: a screening case is open, the name-screening questionnaire is due',
    kyc: KycScenario.L1_APPROVED,
    personalInfo: { ...resident('Viktor', 'Drachenko', 'CY', '12 Makariou Avenue', 'Limassol', '3030'), dateOfBirth: '1968-04-12' },
  },
  // Compliance tasks and requests for information (issue 12, decision 027).
  { email: 'rfi-open@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'a reviewer asked a question and for a document: the RFI awaits the answer', kyc: KycScenario.L1_APPROVED, compliance: ComplianceScenario.RFI_OPEN },
  { email: 'tasks-open@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'two compliance tasks, one overdue: the account is limited', kyc: KycScenario.L1_APPROVED, compliance: ComplianceScenario.TASKS_OPEN },
  // Enhanced due diligence (issue 12, decision 028): level 1 approved, put into EDD, both questionnaires sent.
  { email: 'edd-reviewing@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'EDD answers and evidence sent, under review (EDDStatus_Reviewing)', kyc: KycScenario.L1_APPROVED, edd: EddScenario.REVIEWING },
  { email: 'kyc-tag@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: "member_tag.KYC is '1': no KYC steps", memberTag: { KYC: '1' } },
  // Limits and rates (decision 040): figures in euros once a rate is set, in US dollars (saying so) until then.
  { email: 'eur-user@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'currency EUR, not verified: limits converted with the exchange rate and its time', currencyCode: 'EUR' },
  // Account extras (decision 025): one pop-up or flow each.
  { email: 'satos-deposit@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'Satos custody: the deposit-verify pop-up', kyc: KycScenario.L1_APPROVED, extras: ExtrasDemo.SATOS_DEPOSIT },
  { email: 'satos-eu@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'Satos custody, the move to the EU entity offered', kyc: KycScenario.L1_APPROVED, extras: ExtrasDemo.SATOS_TO_EU },
  { email: 'new-satos@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'EEA resident at level 1 in the new Satos grey release', kyc: KycScenario.L1_APPROVED, extras: ExtrasDemo.NEW_SATOS },
  { email: 'vip-invited@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'invited to the VIP programme, not verified: the VIP pop-up', extras: ExtrasDemo.VIP_INVITED },
  { email: 'agreement-update@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'accepted the options agreement v1, v2 is out', extras: ExtrasDemo.AGREEMENT_UPDATE },
  // Identity transfer (decision 029): the EU account first, as the transfer names it.
  { email: 'transfer-eu@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'account on the EU site that receives transfer-pending\'s identity', transfer: TransferDemo.EU_ACCOUNT },
  {
    email: 'transfer-pending@example.com',
    password: DEMO_PASSWORD,
    role: UserRole.USER,
    note: 'level 1 on the main site, consented to move it to transfer-eu: waits for its e-mailed code, the EU account\'s confirmation and a reviewer',
    kyc: KycScenario.L1_APPROVED,
    personalInfo: resident('Jonas', 'Weber', 'DE', 'Friedrichstraße 10', 'Berlin', '10117'),
    transfer: TransferDemo.PENDING,
  },
];

const SYSTEM: Actor = { type: 'system', id: null };

/**
 * Progress records in the audit trail (entity `demo_user`, the e-mail): "started" before a demo user
 * is built, "seeded" once it is complete. A crash (kill -9, power loss) in between leaves an attempt
 * open: that user is half-built (or not even created); the next run closes the attempt with
 * "abandoned", removing whatever was built in the same transaction, and builds the user again.
 */
const SEED_STARTED = 'demo.seed_started';
const SEEDED = 'demo.seeded';
const SEED_ABANDONED = 'demo.seed_abandoned';
const DEMO_ENTITY = 'demo_user';

type Progress = 'none' | 'unfinished' | 'done';

async function progressOf(db: Db, email: string): Promise<Progress> {
  const records = await listAudit(db, DEMO_ENTITY, email);
  const count = (action: string) => records.filter((r) => r.action === action).length;
  // Counted, not ordered: two records of one millisecond have no reliable order.
  if (count(SEED_STARTED) > count(SEEDED) + count(SEED_ABANDONED)) return 'unfinished';
  return count(SEEDED) > 0 ? 'done' : 'none';
}

/** Closes an interrupted attempt: removes what it built (if anything) and says so, in one transaction. */
async function abandonAttempt(services: Services, db: Db, email: string, userId: string | undefined): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (userId) {
      await services.documents.removeAllOf(trx, userId, SYSTEM);
      await services.accounts.deleteUser(trx, userId, SYSTEM);
      await forgetSubject(trx, userId);
    }
    await recordAudit(trx, SYSTEM, { action: SEED_ABANDONED, entityType: DEMO_ENTITY, entityId: email, before: { userId: userId ?? null } });
  });
}

/**
 * Creates the demo data through the services themselves, so every demo record is one the product
 * could have produced. Resumable: a complete demo user (or one made before progress records
 * existed) is left as it is, a missing one is created, and one that an interrupted run left
 * half-built is removed and built again. Returns the e-mails created.
 */
export async function seedDemoData(services: Services, db: Db, vendorDemo?: VendorDemo): Promise<string[]> {
  const created: string[] = [];
  // The first reviewer decides the demo cases; the second confirms where four-eyes applies.
  const reviewerIds: string[] = [];
  // Agreement texts, the demo referral partner and an announcement (idempotent).
  await seedExtrasCatalogue(services);
  // The sample sanctions/PEP list (decision 026), before anyone is verified: every demo user is screened.
  await seedScreeningList(services.screening);
  // The country risk lists the EDD rules read (decision 041); buildApp loads them too, the seed script does not build an app.
  await services.riskLists.ensureLoaded();
  for (const u of DEMO_USERS) {
    const existing = await services.accounts.userByEmail(u.email);
    const progress = await progressOf(db, u.email);
    if (existing && progress !== 'unfinished') {
      if (u.consoleRole && u.consoleRole !== ConsoleRole.ADMINISTRATOR) reviewerIds.push(existing.id);
      continue;
    }
    if (progress === 'unfinished') await abandonAttempt(services, db, u.email, existing?.id);
    await recordAudit(db, SYSTEM, { action: SEED_STARTED, entityType: DEMO_ENTITY, entityId: u.email });
    const id = await services.accounts.createUser({ email: u.email, password: u.password }, SYSTEM, u.role, { ...(u.memberTag ? { member_tag: u.memberTag } : {}), ...(u.currencyCode ? { currency_code: u.currencyCode } : {}) });
    if (u.consoleRole) await services.staff.setRole(id, u.consoleRole, SYSTEM);
    if (u.consoleRole && u.consoleRole !== ConsoleRole.ADMINISTRATOR) reviewerIds.push(id);
    if (u.kyc) await buildKycScenario(services, id, u.kyc, { reviewerId: reviewerIds[0], confirmerId: reviewerIds[1], ...(u.personalInfo ? { personalInfo: u.personalInfo } : {}) });
    if (u.reverification) await buildReverificationScenario(services, id, u.email, u.reverification, reviewerIds[0]);
    if (u.questionnaire) await buildQuestionnaireScenario(services, id, u.questionnaire, { reviewerId: reviewerIds[0] });
    if (u.compliance) await buildComplianceScenario(services, db, { id, email: u.email }, u.compliance, reviewerIds[0]);
    if (u.edd) await buildEddScenario(services, id, u.edd, { reviewerId: reviewerIds[0] });
    if (u.extras) await buildExtrasDemo(services, id, u.extras);
    if (u.transfer) await buildTransferDemo(services, id, u.transfer);
    if (u.vendorReverification) await buildVendorReverificationScenario(services, id, u.email, reviewerIds[0], vendorDemo);
    // The modules react to an approval after its commit (decision 057: EDD, the screening's job, the
    // e-mail); the demo user is seeded screened (decision 038).
    await services.events.subscribers.runDue();
    await services.screening.jobs.runDue();
    await recordAudit(db, SYSTEM, { action: SEEDED, entityType: DEMO_ENTITY, entityId: u.email, after: { userId: id } });
    created.push(u.email);
  }
  // The demo business of the SDK flow (decision 021): its secret is in the README.
  await services.partners.ensureDemoBusiness(SYSTEM);
  return created;
}

/**
 * At server start in demo mode (DEMO): seeds a database that has no users yet (new, or killed before its
 * first demo user), and finishes a seeding that an earlier start did not complete. A database whose
 * demo users are complete, or whose users are real, is left alone.
 */
export async function seedDemoOnStart(services: Services, db: Db, vendorDemo?: VendorDemo): Promise<string[]> {
  if (await services.accounts.hasUsers()) {
    const progress = await Promise.all(DEMO_USERS.map((u) => progressOf(db, u.email)));
    if (!progress.includes('unfinished')) return [];
  }
  return seedDemoData(services, db, vendorDemo);
}

/**
 * The demo accounts on this database: those with a demo user's e-mail. Only seeding creates them
 * (an example.com address can never confirm a self-service registration), whatever seeded them.
 */
export function demoAccountIds(accounts: Pick<Services['accounts'], 'idsByEmails'>): Promise<string[]> {
  return accounts.idsByEmails(DEMO_USERS.map((u) => u.email));
}

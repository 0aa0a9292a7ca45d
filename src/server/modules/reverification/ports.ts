import type { UserRole } from '../../../shared/api/accounts.ts';
import type { SamePictureMatch } from '../../../shared/api/console-document.ts';
import type { DocumentSummary } from '../../../shared/api/documents.ts';
import type { PersonalInfoResult } from '../../../shared/api/personal-info.ts';
import type { KycLevel } from '../../../shared/kyc.ts';
import type { Db } from '../../db/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { MailTemplates } from '../../mail/templates.ts';
import type { Actor } from '../audit/audit.service.ts';
import type { ProvidersService } from '../providers/providers.service.ts';
import type { ReviewService } from '../review/review.service.ts';
import type { VendorUpdateKycPort } from './vendor-updates.ts';

/** What the re-verification module needs from other modules (their services satisfy these). */

/** What re-verification needs from the kyc module (its service satisfies this). */
export interface ReverificationKycPort {
  levelOf(userId: string): Promise<KycLevel>;
  getPersonalInfo(userId: string): Promise<PersonalInfoResult>;
  /** A vendor session for an update of a verified level's document (decision 017, "Updates at a vendor"). */
  startUpdateSession: VendorUpdateKycPort['startUpdateSession'];
  /** The approved application of a level: the document verified first. */
  approvedApplication(userId: string, level: 1 | 2): Promise<{ id: string; country: string; documentType: string; documentNumber: string; decidedAt: string | null } | undefined>;
}

/** What it needs from the documents module. */
export interface ReverificationDocumentsPort {
  listDrafts(dbOrTrx: Db, userId: string, level: number): Promise<DocumentSummary[]>;
  attach(trx: Db, userId: string, ids: readonly string[], applicationId: string, actor?: Actor): Promise<void>;
  listForApplication(dbOrTrx: Db, applicationId: string): Promise<DocumentSummary[]>;
  /** The user's submitted pictures that look the same as each of `docs` (decision 048). */
  samePicturesOf(dbOrTrx: Db, userId: string, docs: readonly Pick<DocumentSummary, 'id' | 'applicationId'>[]): Promise<Map<string, SamePictureMatch[]>>;
}

/** And from accounts. */
export interface ReverificationAccountsPort {
  userByEmail(email: string): Promise<{ id: string; email: string; role: UserRole } | undefined>;
  usersByIds(ids: readonly string[]): Promise<Map<string, { id: string; email: string }>>;
}

export interface ReverificationDeps {
  db: Db;
  review: ReviewService;
  providers: ProvidersService;
  kyc: ReverificationKycPort;
  documents: ReverificationDocumentsPort;
  accounts: ReverificationAccountsPort;
  mailer: Mailer;
  templates: MailTemplates;
  /** The rejection reasons' texts (kyc-reasons), for the decision e-mail. */
  reasonTexts: MailTemplates;
  /** Our public address (PUBLIC_URL): links in e-mails sent after a decision. */
  publicUrl: string;
}


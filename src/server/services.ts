import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { SubjectKind } from '../shared/review.ts';
import { logMailer, type Mailer } from './mail/mailer.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createConsoleService } from './modules/console/console.service.ts';
import { createCountriesService } from './modules/countries/countries.service.ts';
import { createDocumentsService } from './modules/documents/documents.service.ts';
import { createKycService } from './modules/kyc/kyc.service.ts';
import { createMonitoringService } from './modules/monitoring/monitoring.service.ts';
import { createInHouseProvider, createProvidersService, createVendorProviders } from './modules/providers/providers.service.ts';
import { createReviewService } from './modules/review/review.service.ts';
import { createSiteService } from './modules/site/site.service.ts';
import { createStaffService } from './modules/staff/staff.service.ts';
import { createRecordsService } from './modules/records/records.service.ts';
import { createExtrasService } from './modules/extras/extras.service.ts';

/**
 * Builds every domain service once per app; routes reach them through `app.services`. Where two
 * modules need each other, one side is late-bound (called only at request time, after both exist).
 */
/** Where services log what nobody is waiting for (a vendor's webhook, a failed vendor call). */
export interface ServiceLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}
const consoleLog: ServiceLog = { info: (_obj, msg) => console.log(msg), warn: (obj, msg) => console.warn(msg, obj) };

export function createServices(db: Db, config: Config, { mailer = logMailer({ info: (_obj, msg) => console.log(msg) }), log = consoleLog }: { mailer?: Mailer; log?: ServiceLog } = {}) {
  // The profile's `level` is the KYC level reached.
  const accounts = createAccountsService({ db, config, levelOf: (userId) => kyc.levelOf(userId), mailer });
  // Uploads follow the KYC rule of "this level accepts a submission".
  const documents = createDocumentsService({ db, config, canUpload: (userId, level, trx) => kyc.assertCanUpload(userId, level, trx) });
  const review = createReviewService({ db, fourEyes: config.fourEyes });
  const staff = createStaffService({ db });
  // The in-house provider reads its outcomes from the kyc module's applications.
  const providers = createProvidersService({
    routes: config.providerRoutes,
    providers: [createInHouseProvider({ outcomeOf: (userId, level) => kyc.outcomeOf(userId, level) }), ...createVendorProviders(config.vendors)],
  });
  // kyc-info carries the extras' fields (decision 025); extras read the level and residence from kyc.
  const kyc = createKycService({ db, config, documents, accounts, review, providers, log, extras: { forKycInfo: (q, userId, at) => extras.forKycInfo(q, userId, at) } });
  const extras = createExtrasService({
    db,
    accounts,
    kyc: { levelOf: (userId) => kyc.levelOf(userId), residenceOf: async (userId) => (await kyc.getPersonalInfo(userId)).info?.residenceCountry ?? '' },
  });
  review.registerSubject(SubjectKind.KYC_APPLICATION, kyc.reviewHandler);
  const countries = createCountriesService();
  const consoleService = createConsoleService({ db, review, kyc, accounts });
  const records = createRecordsService({ db, config, review, kyc, accounts, documents, console: consoleService });
  const site = createSiteService({ config });
  const monitoring = createMonitoringService();
  return { accounts, site, documents, kyc, review, providers, countries, console: consoleService, monitoring, staff, records, extras };
}

export type Services = ReturnType<typeof createServices>;

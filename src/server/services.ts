import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { logMailer, type Mailer } from './mail/mailer.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createConsoleService } from './modules/console/console.service.ts';
import { createCountriesService } from './modules/countries/countries.service.ts';
import { createDocumentsService } from './modules/documents/documents.service.ts';
import { createKycService } from './modules/kyc/kyc.service.ts';
import { createMonitoringService } from './modules/monitoring/monitoring.service.ts';
import { createSiteService } from './modules/site/site.service.ts';

/** Builds every domain service once per app; routes reach them through `app.services`. */
export function createServices(db: Db, config: Config, { mailer = logMailer({ info: (_obj, msg) => console.log(msg) }) }: { mailer?: Mailer } = {}) {
  // The profile's `level` is the KYC level reached (kyc is created below; called only at request time).
  const accounts = createAccountsService({ db, config, levelOf: (userId) => kyc.levelOf(userId), mailer });
  // Uploads follow the KYC rule of "this level accepts a submission" (kyc is created below; called only at request time).
  const documents = createDocumentsService({ db, config, canUpload: (userId, level, trx) => kyc.assertCanUpload(userId, level, trx) });
  const kyc = createKycService({ db, config, documents });
  const countries = createCountriesService();
  const consoleService = createConsoleService({ db, kyc, documents });
  const site = createSiteService({ config });
  const monitoring = createMonitoringService();
  return { accounts, site, documents, kyc, countries, console: consoleService, monitoring };
}

export type Services = ReturnType<typeof createServices>;

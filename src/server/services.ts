import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createDocumentsService } from './modules/documents/documents.service.ts';
import { createSiteService } from './modules/site/site.service.ts';

/** Builds every domain service once per app; routes reach them through `app.services`. */
export function createServices(db: Db, config: Config) {
  const accounts = createAccountsService({ db, config });
  const documents = createDocumentsService({ db, config });
  const site = createSiteService({ config });
  return { accounts, site, documents };
}

export type Services = ReturnType<typeof createServices>;

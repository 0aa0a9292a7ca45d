import type { Migration } from 'kysely/migration';
import * as m001 from './001-accounts.ts';
import * as m002 from './002-kyc.ts';
import * as m003 from './003-documents.ts';
import * as m004 from './004-review-steps.ts';
import * as m005 from './005-email-confirmation.ts';
import * as m006 from './006-vendor-sessions.ts';
import * as m008 from './008-records.ts';
import * as m009 from './009-reverification.ts';
import * as m010 from './010-questionnaires.ts';
import * as m011 from './011-partners.ts';
import * as m012 from './012-decision-overrides.ts';
import * as m013 from './013-capture.ts';
import * as m014 from './014-scale-out.ts';
import * as m015 from './015-account-extras.ts';
import * as m016 from './016-liveness.ts';
import * as m017 from './017-scale-out-2.ts';
import * as m019 from './019-vendor-updates.ts';
import * as m020 from './020-screening.ts';
import * as m021 from './021-compliance-tasks.ts';
import * as m022 from './022-edd.ts';
import * as m023 from './023-identity-transfer.ts';
import * as m024 from './024-kyc-info-stamps.ts';
import * as m025 from './025-stamp-triggers-tag-changes.ts';
import * as m026 from './026-disabled-accounts.ts';
import * as m028 from './028-screening-jobs.ts';
import * as m029 from './029-liveness-analysis.ts';
import * as m030 from './030-limits-rates-mobile.ts';
import * as m031 from './031-risk-lists.ts';
import * as m032 from './032-face-matches.ts';
import * as m034 from './034-screening-rescreens.ts';
import * as m035 from './035-password-resets.ts';
import * as m036 from './036-picture-hashes.ts';
import * as m037 from './037-events.ts';
import * as m038 from './038-console-search.ts';
import * as m039 from './039-restrictions-templates-cancel.ts';
import * as m040 from './040-announcement-translations.ts';
import * as m041 from './041-events-feed-keys.ts';
import * as m042 from './042-event-subscribers.ts';
import * as m043 from './043-handoff-plan.ts';
import * as m045 from './045-limitation-sweep.ts';
import * as m046 from './046-screening-subjects.ts';
import * as m047 from './047-relay-indexes.ts';

/**
 * The one migration set for SQLite and PostgreSQL, in order. Names are permanent: never rename or
 * edit a released migration, add a new one.
 */
export const migrations: Record<string, Migration> = {
  '001-accounts': m001,
  '002-kyc': m002,
  '003-documents': m003,
  '004-review-steps': m004,
  '005-email-confirmation': m005,
  '006-vendor-sessions': m006,
  '008-records': m008,
  '009-reverification': m009,
  '010-questionnaires': m010,
  '011-partners': m011,
  '012-decision-overrides': m012,
  '013-capture': m013,
  '014-scale-out': m014,
  '015-account-extras': m015,
  '016-liveness': m016,
  '017-scale-out-2': m017,
  '019-vendor-updates': m019,
  '020-screening': m020,
  '021-compliance-tasks': m021,
  '022-edd': m022,
  '023-identity-transfer': m023,
  '024-kyc-info-stamps': m024,
  '025-stamp-triggers-tag-changes': m025,
  '026-disabled-accounts': m026,
  '028-screening-jobs': m028,
  '029-liveness-analysis': m029,
  '030-limits-rates-mobile': m030,
  '031-risk-lists': m031,
  '032-face-matches': m032,
  '034-screening-rescreens': m034,
  '035-password-resets': m035,
  '036-picture-hashes': m036,
  '037-events': m037,
  '038-console-search': m038,
  '039-restrictions-templates-cancel': m039,
  '040-announcement-translations': m040,
  '041-events-feed-keys': m041,
  '042-event-subscribers': m042,
  '043-handoff-plan': m043,
  '045-limitation-sweep': m045,
  '046-screening-subjects': m046,
  '047-relay-indexes': m047,
};

import type { Db } from '../../db/index.ts';
import type { PersonalDataPort } from '../records/port.ts';
import * as agreements from './agreements.repo.ts';
import * as announcements from './announcements.repo.ts';
import * as custody from './custody.repo.ts';
import * as member from './member.repo.ts';
import * as tagChanges from './tag-changes.repo.ts';

/**
 * Account extras in the user's data export, and erasure (decision 031): agreements accepted, custody,
 * the affiliate binding, VIP invitations and notices acknowledged. Erasure blanks the addresses the
 * acceptances, binding and acknowledgements were recorded from; what was accepted and when stays.
 * Member tags are the exchange's internal marks and stay out of the export; so do the reviewers'
 * reasons for tag changes (decision 036), which erasure blanks like other reviewer notes.
 */
export const extrasPersonalData: PersonalDataPort = {
  async exportOf(db: Db, userId: string) {
    const accepted = await agreements.findAcceptancesOfUser(db, userId);
    const held = await custody.findCustody(db, userId);
    const binding = await member.findBinding(db, userId);
    const invitations = await member.findInvitations(db, userId);
    const acks = await announcements.findAcksOfUser(db, userId);
    return {
      accountExtras: {
        agreements: accepted.map((a) => ({ product: a.product, version: a.version, acceptedAt: a.accepted_at, ip: a.ip })),
        custody: held ? { custody: held.custody, entity: held.entity, since: held.since, euMigration: held.eu_migration, euMigratedAt: held.eu_migrated_at } : null,
        affiliate: binding ? { affCode: binding.aff_code, boundAt: binding.bound_at, ip: binding.ip } : null,
        vipInvitations: invitations.map((v) => ({ busType: v.bus_type, tier: v.tier, invitedAt: v.invited_at })),
        announcementsAcknowledged: acks.map((a) => ({ announcementId: a.announcement_id, acknowledgedAt: a.acknowledged_at, ip: a.ip })),
      },
    };
  },
  eraseOf: async (trx: Db, userId: string) => (await member.eraseAddressesOfUser(trx, userId)) + (await tagChanges.eraseReasonsOf(trx, userId)),
};

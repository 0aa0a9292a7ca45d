import type { PersonalInfo, PersonalInfoResult, ResidentialAddress } from '../../../shared/api/personal-info.ts';
import { StepStatus } from '../../../shared/kyc.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { BusinessError } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { prerequisiteMet, type StoredSteps } from './kyc.machine.ts';
import { SUBMITTABLE, type KycSteps } from './kyc-steps.ts';
import * as repo from './kyc.repo.ts';

const PERSONAL_ENTITY = 'kyc_personal_info';

export function toPersonalInfo(row: repo.PersonalInfoRow): PersonalInfo {
  return {
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    dateOfBirth: row.date_of_birth,
    nationality: row.nationality,
    residenceCountry: row.residence_country,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    city: row.city,
    stateRegion: row.state_region,
    postalCode: row.postal_code,
    mobileCountry: row.mobile_country,
    mobileNumber: row.mobile_number,
  };
}

/** The residential-address part of stored personal information. */
export function toAddress(row: repo.PersonalInfoRow): ResidentialAddress {
  const { residenceCountry, addressLine1, addressLine2, city, stateRegion, postalCode } = toPersonalInfo(row);
  return { residenceCountry, addressLine1, addressLine2, city, stateRegion, postalCode };
}

/**
 * Whether the residential address may change (decision 005): while the whole personal information
 * may (level 1 ALLOW / FAILED_AND_CAN_RETRY), and also after level 1 is verified while level 2
 * accepts a submission — people move, and a proof of address rejected for showing another address
 * must be answerable. Names, date of birth and nationality stay as verified.
 */
export function addressEditable(steps: StoredSteps): boolean {
  return SUBMITTABLE.has(steps[1]) || (steps[1] === StepStatus.SUCCESS && SUBMITTABLE.has(steps[2]) && prerequisiteMet(2, steps));
}

/**
 * Personal information (kyc-personal-info, update-address): editable while level 1 accepts a
 * submission, the address alone afterwards while level 2 does. Saving and submitting serialise on
 * the personal-info row (locked on PostgreSQL; SQLite has one writer).
 */
export function createPersonalInfo({ db, kycOpened, steps }: { db: Db; kycOpened: boolean; steps: KycSteps }) {
  async function get(userId: string): Promise<PersonalInfoResult> {
    const row = await repo.findPersonalInfo(db, userId);
    const noSteps = !kycOpened || (await steps.memberHasNoSteps(db, userId));
    const current = await steps.load(db, userId);
    return {
      info: row ? toPersonalInfo(row) : null,
      editable: !noSteps && SUBMITTABLE.has(current[1]),
      addressEditable: !noSteps && row !== undefined && addressEditable(current),
      updatedAt: row?.updated_at ?? null,
    };
  }

  return {
    /** GET kyc-personal-info. */
    get,

    /**
     * POST kyc-personal-info: saves the (already validated) information while the level 1 step
     * accepts a submission; afterwards it is locked (KYC_PERSONAL_INFO_LOCKED).
     */
    async save(userId: string, info: PersonalInfo, actor: Actor): Promise<PersonalInfoResult> {
      const at = nowIso();
      await inTransaction(db, async (trx) => {
        await steps.assertStepsAvailable(trx, userId);
        const before = await repo.lockPersonalInfo(trx, userId);
        const current = await steps.load(trx, userId);
        if (!SUBMITTABLE.has(current[1])) throw new BusinessError(RetCode.KYC_PERSONAL_INFO_LOCKED, 'personal information locked');
        await repo.upsertPersonalInfo(trx, {
          user_id: userId,
          first_name: info.firstName,
          middle_name: info.middleName,
          last_name: info.lastName,
          date_of_birth: info.dateOfBirth,
          nationality: info.nationality,
          residence_country: info.residenceCountry,
          address_line1: info.addressLine1,
          address_line2: info.addressLine2,
          city: info.city,
          state_region: info.stateRegion,
          postal_code: info.postalCode,
          mobile_country: info.mobileCountry,
          mobile_number: info.mobileNumber,
          created_at: before?.created_at ?? at,
          updated_at: at,
        });
        await recordAudit(trx, actor, {
          action: 'kyc.personal_info.save',
          entityType: PERSONAL_ENTITY,
          entityId: userId,
          before: before ? toPersonalInfo(before) : undefined,
          after: info,
        });
      });
      return get(userId);
    },

    /**
     * POST update-address: replaces only the residential address (already validated with
     * residentialAddressSchema) while addressEditable allows it (KYC_PERSONAL_INFO_LOCKED otherwise;
     * KYC_PERSONAL_INFO_REQUIRED before any personal information). Audited with the address before
     * and after. Level 2's next submission snapshots the new address; earlier snapshots keep theirs.
     */
    async updateAddress(userId: string, address: ResidentialAddress, actor: Actor): Promise<PersonalInfoResult> {
      // A residence that became disabled closes the steps first (as a submission would), and with them this.
      await steps.reconcileAvailability(userId);
      await inTransaction(db, async (trx) => {
        await steps.assertStepsAvailable(trx, userId);
        const row = await repo.lockPersonalInfo(trx, userId);
        if (!addressEditable(await steps.load(trx, userId))) throw new BusinessError(RetCode.KYC_PERSONAL_INFO_LOCKED, 'personal information locked');
        if (!row) throw new BusinessError(RetCode.KYC_PERSONAL_INFO_REQUIRED, 'personal information required');
        const before = toAddress(row);
        const after: ResidentialAddress = {
          residenceCountry: address.residenceCountry,
          addressLine1: address.addressLine1,
          addressLine2: address.addressLine2,
          city: address.city,
          stateRegion: address.stateRegion,
          postalCode: address.postalCode,
        };
        // Nothing changes: nothing to write or record.
        if ((Object.keys(after) as (keyof ResidentialAddress)[]).every((k) => after[k] === before[k])) return;
        await repo.updateAddress(
          trx,
          userId,
          {
            residence_country: after.residenceCountry,
            address_line1: after.addressLine1,
            address_line2: after.addressLine2,
            city: after.city,
            state_region: after.stateRegion,
            postal_code: after.postalCode,
          },
          nowIso(),
        );
        await recordAudit(trx, actor, { action: 'kyc.personal_info.address_update', entityType: PERSONAL_ENTITY, entityId: userId, before, after });
      });
      return get(userId);
    },
  };
}

import type { PersonalInfoInput } from '../../../../shared/api/personal-info.ts';

/**
 * A half-filled personal-information form survives a reload (and a sign-in after the session ran out
 * in the same tab): what was typed is kept per user in session storage until it is saved, cancelled
 * or discarded. Session storage, not local storage: this is a name, a birth date and an address, and
 * it should not outlive the tab on a shared computer. The keys start with `ua:`, which logout
 * forgets (lib/session/logout.ts), so the next person on this browser never sees it.
 */
export type PersonalDraft = Partial<PersonalInfoInput>;

export const PERSONAL_FIELDS: readonly (keyof PersonalInfoInput)[] = [
  'firstName', 'middleName', 'lastName', 'dateOfBirth', 'nationality', 'residenceCountry',
  'addressLine1', 'addressLine2', 'city', 'stateRegion', 'postalCode', 'mobileCountry', 'mobileNumber',
];

/** Longer than any field the schema accepts; anything longer was not typed into this form. */
const MAX_VALUE_LENGTH = 300;

const KEY = (userId: string) => `ua:personal-draft:${userId}`;

const session = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};

/** The kept draft (known fields with string values only), or null. */
export function readPersonalDraft(userId: string | undefined, storage: Storage | undefined = session()): PersonalDraft | null {
  if (!userId || !storage) return null;
  try {
    const v: unknown = JSON.parse(storage.getItem(KEY(userId)) ?? 'null');
    if (!v || typeof v !== 'object') return null;
    const draft: PersonalDraft = {};
    for (const field of PERSONAL_FIELDS) {
      const value = (v as Record<string, unknown>)[field];
      if (typeof value === 'string' && value.length <= MAX_VALUE_LENGTH) draft[field] = value;
    }
    return Object.keys(draft).length > 0 ? draft : null;
  } catch {
    return null;
  }
}

/** Does `values` differ from `baseline` (what is saved, or the empty form) in any field? */
export function differsFrom(values: PersonalDraft, baseline: PersonalDraft): boolean {
  return PERSONAL_FIELDS.some((f) => (values[f] ?? '') !== (baseline[f] ?? ''));
}

/** Keeps what was typed when it differs from the baseline, else forgets the draft. */
export function writePersonalDraft(userId: string | undefined, values: PersonalDraft, baseline: PersonalDraft, storage: Storage | undefined = session()): void {
  if (!userId || !storage) return;
  try {
    if (!differsFrom(values, baseline)) {
      storage.removeItem(KEY(userId));
      return;
    }
    const kept: PersonalDraft = {};
    for (const f of PERSONAL_FIELDS) if (typeof values[f] === 'string') kept[f] = values[f];
    storage.setItem(KEY(userId), JSON.stringify(kept));
  } catch {
    // Full or blocked storage: the form works, it just is not kept.
  }
}

export function forgetPersonalDraft(userId: string | undefined, storage: Storage | undefined = session()): void {
  if (!userId || !storage) return;
  try {
    storage.removeItem(KEY(userId));
  } catch {
    // Nothing to do.
  }
}

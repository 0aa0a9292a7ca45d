import { personalInfoSchema, type PersonalInfo, type PersonalInfoInput } from '../../../../shared/api/personal-info.ts';
import type { Validation } from '../../../lib/forms/small-form.ts';

/**
 * The personal-information form's validation: the server's request schema (one schema in browser
 * and server), the first message code of each field. Its own chunk with zod, loaded by the form when
 * first needed (personal-info-form.tsx).
 */
export async function validatePersonalInfo(values: PersonalInfoInput): Promise<Validation<PersonalInfoInput, PersonalInfo>> {
  const result = await personalInfoSchema.safeParseAsync(values);
  if (result.success) return { values: result.data };
  const errors: Partial<Record<keyof PersonalInfoInput, string>> = {};
  for (const issue of result.error.issues) {
    const name = issue.path.join('.') as keyof PersonalInfoInput;
    errors[name] ??= issue.message;
  }
  return { errors };
}

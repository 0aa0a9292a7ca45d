import { zodResolver } from '@hookform/resolvers/zod';
import { personalInfoSchema } from '../../../../shared/api/personal-info.ts';

/**
 * The personal-information form's validation: the server's request schema (one schema in browser
 * and server). Its own chunk with zod, loaded by the form when first needed (personal-info-form.tsx).
 */
export const personalInfoResolver = zodResolver(personalInfoSchema);

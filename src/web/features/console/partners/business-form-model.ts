import { BusinessStatus, createBusinessRequest, updateBusinessRequest, type BusinessView } from '../../../../shared/api/integration-admin.ts';
import { SDK_DEFAULT_LANGUAGE } from '../../../../shared/languages.ts';
import { ValidationMessage } from '../../../../shared/validation.ts';
import { z } from '../../../../shared/zod.ts';
import type { FieldIssue } from '../../../../shared/envelope.ts';

/**
 * The business form (decision 021) as an administrator fills it in: the lists are text, one entry a
 * line (commas also split), checked with the wire schema's own list fields so the form and the
 * server refuse the same things. A list's error sits on the list's field; an entry's error says
 * which kind of entry is wrong.
 */
export const LIST_FIELDS = ['allowedOrigins', 'scenes', 'redirectAllowlist'] as const;
export type ListField = (typeof LIST_FIELDS)[number];
export const FORM_FIELDS = ['id', 'name', ...LIST_FIELDS, 'defaultLanguage', 'status'] as const;
export type FormField = (typeof FORM_FIELDS)[number];

/** Error codes of this form beyond the shared validation codes (keys under partners-console.form.errors). */
export const BusinessFormError = {
  /** An entry of a list is not an origin (or a scene): said per list. */
  BAD_ENTRY: 'bad_entry',
  TOO_MANY: 'too_many',
} as const;

/** The most entries a list may have (the wire schema's limit). */
export const MAX_LIST_ENTRIES = 20;

export const splitLines = (text: string): string[] =>
  text
    .split(/[\n,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** An issue of a list (path [] or [index]) as this form's code for the list's field. */
function listIssueCode(issue: { path: readonly PropertyKey[]; message: string }): string {
  if (issue.path.length > 0) return BusinessFormError.BAD_ENTRY;
  return issue.message === ValidationMessage.MAX_LENGTH ? BusinessFormError.TOO_MANY : issue.message;
}

const lines = (list: z.ZodType<string[], unknown>) =>
  z.string().transform((text, ctx) => {
    const parsed = list.safeParse(splitLines(text));
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: listIssueCode(parsed.error.issues[0]!) });
    return z.NEVER;
  });

const listSchemas = {
  allowedOrigins: lines(createBusinessRequest.shape.allowedOrigins),
  scenes: lines(createBusinessRequest.shape.scenes),
  redirectAllowlist: lines(createBusinessRequest.shape.redirectAllowlist),
};

export const createFormSchema = z.object({ id: createBusinessRequest.shape.id, name: createBusinessRequest.shape.name, ...listSchemas, defaultLanguage: createBusinessRequest.shape.defaultLanguage });
export const updateFormSchema = z.object({ name: updateBusinessRequest.shape.name, ...listSchemas, defaultLanguage: updateBusinessRequest.shape.defaultLanguage, status: updateBusinessRequest.shape.status });

/** What the inputs hold: text everywhere (id and status only where the form shows them). */
export interface BusinessFormValues {
  id: string;
  name: string;
  allowedOrigins: string;
  scenes: string;
  redirectAllowlist: string;
  defaultLanguage: string;
  status: string;
}

export function formValuesOf(business: BusinessView | null): BusinessFormValues {
  if (!business) return { id: '', name: '', allowedOrigins: '', scenes: '', redirectAllowlist: '', defaultLanguage: SDK_DEFAULT_LANGUAGE, status: BusinessStatus.ACTIVE };
  return {
    id: business.id,
    name: business.name,
    allowedOrigins: business.allowedOrigins.join('\n'),
    scenes: business.scenes.join('\n'),
    redirectAllowlist: business.redirectAllowlist.join('\n'),
    defaultLanguage: business.defaultLanguage,
    status: business.status,
  };
}

/**
 * The server's field issues (10001) on this form's fields: `allowedOrigins.2` is the origins field,
 * with the entry's code. Issues of fields the form does not have are left for the form's error line.
 */
export function placeServerIssues(issues: readonly FieldIssue[]): { field: FormField; code: string }[] {
  const placed: { field: FormField; code: string }[] = [];
  for (const issue of issues) {
    const [root, ...rest] = issue.path.split('.');
    if (!(FORM_FIELDS as readonly string[]).includes(root!)) continue;
    const field = root as FormField;
    const isList = (LIST_FIELDS as readonly string[]).includes(field);
    const code = isList ? listIssueCode({ path: rest, message: issue.code }) : issue.code;
    if (!placed.some((p) => p.field === field)) placed.push({ field, code });
  }
  return placed;
}

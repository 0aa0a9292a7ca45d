import { describe, expect, it } from 'vitest';
import { toFieldIssues } from '../validation.ts';
import { rejectRequest } from './console.ts';

const issuesOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : toFieldIssues(r.error as never);
};

describe('console reject schema', () => {
  it('needs a taxonomy reason and a message; the note is optional', () => {
    expect(rejectRequest.parse({ mode: 'FINAL', reasonCode: 'OTHER', userMessage: ' Sorry. ' })).toEqual({ mode: 'FINAL', reasonCode: 'OTHER', userMessage: 'Sorry.', internalNote: '' });
    expect(issuesOf(rejectRequest, { mode: 'FINAL', reasonCode: 'BECAUSE', userMessage: 'x' })).toEqual([{ path: 'reasonCode', code: 'type' }]);
  });
});

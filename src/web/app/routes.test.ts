import { describe, expect, it } from 'vitest';
import { TEMPLATE_CODES } from '../../shared/questionnaires/index.ts';
import { AUTH_CHILD_ROUTES, authRoutesFor, QUESTIONNAIRE_ROUTES } from './routes.ts';

describe('questionnaire routes (issue 11)', () => {
  it('every §2 questionnaire route has its template, and every template its route (rfiQuestion: the RFI page, decision 027)', () => {
    expect([...QUESTIONNAIRE_ROUTES, 'rfiQuestion'].sort()).toEqual([...TEMPLATE_CODES].sort());
    expect(QUESTIONNAIRE_ROUTES).toHaveLength(22);
  });

  it('each route appears once in the /auth table', () => {
    const paths = AUTH_CHILD_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const code of [...QUESTIONNAIRE_ROUTES, 'rfiQuestion', 'complianceTasks']) expect(paths).toContain(code);
  });
});

describe('the routes of the embedded (SDK) flow (issue 27, decision 047)', () => {
  it('are the verification steps only; the account pages are not among them; the web keeps every route', () => {
    expect(authRoutesFor(true).map((r) => r.path).sort()).toEqual(['kyc', 'personal', 'resetkyc', 'reverification', 'sdk', 'step1', 'step2', 'updatePOA', 'updatekyc', 'vendor'].sort());
    expect(authRoutesFor(false)).toBe(AUTH_CHILD_ROUTES);
  });
});

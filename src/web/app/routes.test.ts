import { describe, expect, it } from 'vitest';
import { TEMPLATE_CODES } from '../../shared/questionnaires/index.ts';
import { AUTH_CHILD_ROUTES, QUESTIONNAIRE_ROUTES } from './routes.ts';

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

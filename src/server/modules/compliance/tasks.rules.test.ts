import { describe, expect, it } from 'vitest';
import { isOverdue, limitationOf, routeOf } from './tasks.rules.ts';

/** The overdue rule and the limitation it brings (decision 027), as a table. */
describe('compliance task rules', () => {
  const task = (status: string, due: string, type = 'RFI') => ({ task_type: type, status, due_date: due });

  it.each([
    ['OPEN', '2026-03-10', '2026-03-09', false],
    ['OPEN', '2026-03-10', '2026-03-10', false],
    ['OPEN', '2026-03-10', '2026-03-11', true],
    ['DONE', '2026-03-10', '2026-03-11', false],
    ['CANCELLED', '2026-03-10', '2026-04-01', false],
  ])('%s due %s on %s: overdue %s', (status, due, today, expected) => {
    expect(isOverdue(task(status, due), today)).toBe(expected);
  });

  it('any overdue open task limits the account; each overdue type is one reason', () => {
    const today = '2026-03-11';
    expect(limitationOf([task('OPEN', '2026-03-20')], today)).toEqual({ limitation: 'LIMITATION_DEFAULT', reasons: [] });
    expect(limitationOf([task('OPEN', '2026-03-01'), task('OPEN', '2026-03-02'), task('OPEN', '2026-03-02', 'QUESTIONNAIRE'), task('DONE', '2026-03-01', 'QUESTIONNAIRE')], today)).toEqual({
      limitation: 'LIMITATION_COMPLIANCE_TASK_OVERDUE',
      reasons: ['COMPLIANCE_TASK_QUESTIONNAIRE_OVERDUE', 'COMPLIANCE_TASK_RFI_OVERDUE'],
    });
  });

  it('a task leads to the page that completes it', () => {
    expect(routeOf({ task_type: 'RFI', subject_id: 'x' })).toBe('rfiQuestion');
    expect(routeOf({ task_type: 'QUESTIONNAIRE', subject_id: 'eddQuestionnaire' })).toBe('eddQuestionnaire');
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConsoleHistoryEntry } from '../../../../shared/api/console.ts';
import { renderConsole } from '../test-utils.tsx';
import { AuditHistory, changedFields } from './audit-history.tsx';

const USER = { actorType: 'user', actorId: 'u-1', actorEmail: 'sofia@example.com' };
const REVIEWER = { actorType: 'reviewer', actorId: 'r-1', actorEmail: 'reviewer@example.com' };
const APP_ID = '6f1c2f4e-1111-4a55-9c1e-2b7d0b1f0a01';

/** What the console API returns for a submitted, rejected (retry) application: the real record shapes of kyc.service. */
const HISTORY: ConsoleHistoryEntry[] = [
  { at: '2025-03-01T09:00:00.000Z', ...USER, action: 'kyc.step.submit', before: { level: 1, status: 'ALLOW' }, after: { level: 1, status: 'PENDING' } },
  {
    at: '2025-03-01T09:00:00.000Z',
    ...USER,
    action: 'kyc.application.submit',
    before: null,
    after: { userId: 'u-1', level: 1, country: 'IT', documentType: 'ID_CARD', status: 'PENDING', documents: [{ id: 'd1', kind: 'DOCUMENT_FRONT' }, { id: 'd2', kind: 'SELFIE' }] },
  },
  { at: '2025-03-02T10:30:00.000Z', ...REVIEWER, action: 'kyc.step.reject_retry', before: { level: 1, status: 'PENDING' }, after: { level: 1, status: 'FAILED_AND_CAN_RETRY', applicationId: APP_ID } },
  {
    at: '2025-03-02T10:30:00.000Z',
    ...REVIEWER,
    action: 'kyc.application.reject',
    before: { status: 'PENDING', stepStatus: 'PENDING' },
    after: {
      status: 'REJECTED',
      stepStatus: 'FAILED_AND_CAN_RETRY',
      decisionId: 'dec-1',
      mode: 'RETRY',
      reasonCode: 'DOCUMENT_UNREADABLE',
      userMessage: 'The back of your card is blurred.',
      internalNote: 'Glare over the MRZ',
    },
  },
  { at: '2025-03-03T08:00:00.000Z', actorType: 'system', actorId: null, actorEmail: null, action: 'kyc.step.disable', before: { level: 1, status: 'FAILED_AND_CAN_RETRY' }, after: { level: 1, status: 'CERTIFICATION_DISABLED', cause: 'residence country disabled' } },
  { at: '2025-03-04T08:00:00.000Z', actorType: 'user', actorId: 'x-9', actorEmail: null, action: 'kyc.something.new', before: null, after: { flag: true } },
];

describe('changedFields', () => {
  it('keeps what changed, drops unchanged, blank and identifier fields', () => {
    expect(changedFields(HISTORY[0]!)).toEqual([{ field: 'status', before: 'ALLOW', after: 'PENDING' }]);
    expect(changedFields(HISTORY[3]!).map((c) => c.field)).toEqual(['status', 'stepStatus', 'mode', 'reasonCode', 'userMessage', 'internalNote']);
    expect(changedFields({ before: null, after: { mode: null, userMessage: '', status: 'APPROVED' } })).toEqual([{ field: 'status', before: undefined, after: 'APPROVED' }]);
  });
});

describe('AuditHistory', () => {
  it('shows who did what and when, each change as before → after in words', () => {
    renderConsole(<AuditHistory entries={HISTORY} />);
    const items = within(screen.getByTestId('audit-history')).getAllByRole('listitem');
    expect(items).toHaveLength(HISTORY.length);

    // Oldest first, as sent; the action in words, the actor by e-mail, the time machine-readable.
    expect(items[0]).toHaveTextContent('Step sent for review');
    expect(items[0]).toHaveTextContent('By sofia@example.com');
    expect(within(items[0]!).getByText((_, el) => el?.tagName === 'TIME')).toHaveAttribute('datetime', '2025-03-01T09:00:00.000Z');
    // A step record's status uses the step vocabulary: "Not verified" (ALLOW) → "Under review" (PENDING).
    const stepChange = within(items[0]!).getByRole('definition');
    expect(stepChange).toHaveTextContent('Not verified');
    expect(stepChange).toHaveTextContent('changed to');
    expect(stepChange).toHaveTextContent('Under review');
    expect(stepChange.textContent!.indexOf('Not verified')).toBeLessThan(stepChange.textContent!.indexOf('Under review'));

    // The submission: country by name, document type and the images by kind; the user id is not shown.
    expect(items[1]).toHaveTextContent('Application submitted');
    expect(items[1]).toHaveTextContent('Italy (IT)');
    expect(items[1]).toHaveTextContent('ID card');
    expect(items[1]).toHaveTextContent('Front of the document, Selfie');
    expect(items[1]).not.toHaveTextContent('u-1');

    // The decision: by the reviewer, with the reason's title, the mode, the message and the internal note.
    expect(items[3]).toHaveTextContent('Application rejected');
    expect(items[3]).toHaveTextContent('By reviewer@example.com');
    expect(items[3]).toHaveTextContent('Pending');
    expect(items[3]).toHaveTextContent('Rejected');
    expect(items[3]).toHaveTextContent('Failed, try again');
    expect(items[3]).toHaveTextContent('Can try again');
    expect(items[3]).toHaveTextContent('The document photo is not readable');
    expect(items[3]).toHaveTextContent('The back of your card is blurred.');
    expect(items[3]).toHaveTextContent('Glare over the MRZ');
    expect(items[3]).not.toHaveTextContent('dec-1');
    expect(items[2]).not.toHaveTextContent(APP_ID);

    // Automatic changes are by "System"; unknown actions and fields are shown as recorded.
    expect(items[4]).toHaveTextContent('Step disabled');
    expect(items[4]).toHaveTextContent('By System');
    expect(items[4]).toHaveTextContent('residence country disabled');
    expect(items[5]).toHaveTextContent('kyc.something.new');
    expect(items[5]).toHaveTextContent('By x-9');
    expect(items[5]).toHaveTextContent('flagYes'); // a yes/no in words (decision 051)
  });

  it('names the review case actions, shows the assignee by e-mail (or "Unassigned") and a provider as the decider', () => {
    const CASE: ConsoleHistoryEntry[] = [
      {
        at: '2025-03-01T09:00:00.000Z',
        ...USER,
        action: 'review.case.open',
        before: null,
        after: { kind: 'KYC_APPLICATION', subjectId: APP_ID, userId: 'u-1', level: 1, country: 'IT', provider: 'PROVIDER_DEFAULT' },
      },
      { at: '2025-03-01T10:00:00.000Z', ...REVIEWER, action: 'review.case.assign', before: { assigneeId: null }, after: { assigneeId: 'r-1' } },
      { at: '2025-03-01T10:30:00.000Z', ...REVIEWER, action: 'review.case.release', before: { assigneeId: 'r-1' }, after: { assigneeId: null } },
      {
        at: '2025-03-01T11:00:00.000Z',
        actorType: 'provider',
        actorId: 'PROVIDER_SUMSUB',
        actorEmail: null,
        action: 'review.case.decide',
        before: { status: 'PENDING', assigneeId: null },
        after: { status: 'REJECTED', assigneeId: 'f00dbabe-0000-4000-8000-00000000000a', decisionId: 'dec-7', outcome: 'REJECT', mode: 'FINAL', reasonCode: 'SUSPECTED_FRAUD', subjectStatus: 'FAILED_AND_CAN_NOT_RETRY' },
      },
    ];
    renderConsole(<AuditHistory entries={CASE} people={new Map([['r-1', 'reviewer@example.com']])} />);
    const items = within(screen.getByTestId('audit-history')).getAllByRole('listitem');

    expect(items[0]).toHaveTextContent('Case opened for review');
    expect(items[0]).toHaveTextContent('KindKYC application');
    expect(items[0]).toHaveTextContent('ProviderIn-house review');
    expect(items[0]).toHaveTextContent('Italy (IT)');
    expect(items[0]).not.toHaveTextContent(APP_ID);

    expect(items[1]).toHaveTextContent('Case taken');
    expect(items[1]).toHaveTextContent('By reviewer@example.com');
    expect(items[1]).toHaveTextContent('Assigneereviewer@example.com');

    expect(items[2]).toHaveTextContent('Case released');
    const released = within(items[2]!).getByRole('definition');
    expect(released).toHaveTextContent('changed to');
    expect(released.textContent!.indexOf('reviewer@example.com')).toBeLessThan(released.textContent!.indexOf('Unassigned'));

    expect(items[3]).toHaveTextContent('Case decided');
    expect(items[3]).toHaveTextContent('By Sumsub (provider)');
    expect(items[3]).toHaveTextContent('DecisionRejected');
    expect(items[3]).toHaveTextContent('Step statusFailed');
    expect(items[3]).toHaveTextContent('We could not verify your identity');
    // Someone the page does not know is shown by the first block of the id, never as nothing.
    expect(items[3]).toHaveTextContent('Assigneef00dbabe');
    expect(items[3]).not.toHaveTextContent('f00dbabe-0000');
    expect(items[3]).not.toHaveTextContent('dec-7');
  });

  it('says so when nothing was recorded', () => {
    renderConsole(<AuditHistory entries={[]} />);
    expect(screen.getByText('Nothing has been recorded yet.')).toBeVisible();
  });
});

describe('readable histories of every kind (decision 051)', () => {
  const entries: ConsoleHistoryEntry[] = [
    { at: '2025-03-01T09:00:00.000Z', ...USER, action: 'questionnaire.attempt.create', before: null, after: { userId: 'u-1', templateCode: 'NAME_SCREENING', version: 1, attempt: 1 } },
    { at: '2025-03-01T09:01:00.000Z', ...USER, action: 'questionnaire.create', before: { status: 'QUESTIONNAIRE_STATUS_UNDEFINED' }, after: { status: 'QUESTIONNAIRE_STATUS_UNSUBMIT' } },
    { at: '2025-03-01T09:02:00.000Z', actorType: 'system', actorId: null, actorEmail: null, action: 'screening.match.open', before: null, after: { hits: [{ entryId: 'demo-sanction-0001', score: 100, dob: 'MATCH' }] } },
    { at: '2025-03-01T09:03:00.000Z', ...REVIEWER, action: 'compliance_task.open', before: null, after: { taskType: 'RFI', dueDate: '2025-03-15' } },
  ];

  it('says each action in words and each value as its label; the raw record is one click away', async () => {
    const user = userEvent.setup();
    renderConsole(<AuditHistory entries={entries} entryNames={new Map([['demo-sanction-0001', 'Ivan Example']])} />);
    const items = within(screen.getByTestId('audit-history')).getAllByRole('listitem').filter((li) => li.parentElement === screen.getByTestId('audit-history'));
    expect(items.map((li) => li.querySelector('p')!.textContent)).toEqual(['Questionnaire started', 'Questionnaire made due', 'Possible match on the list found', 'Compliance task opened']);
    expect(items[1]).toHaveTextContent('Not started');
    expect(items[1]).toHaveTextContent('Not sent');
    expect(items[1]).not.toHaveTextContent(/QUESTIONNAIRE_STATUS_UNSUBMIT.*→/);
    expect(items[2]).toHaveTextContent('Ivan Example · Score 100 / 100 · Same date of birth');
    expect(items[3]).toHaveTextContent('TaskRequest for information');
    expect(items[3]).toHaveTextContent('Due dateMarch 15, 2025');
    // The record as stored, behind a disclosure.
    expect(items[2]).not.toHaveTextContent('demo-sanction-0001');
    await user.click(within(items[2]).getByText('Raw record'));
    expect(within(items[2]).getByText('Raw record').closest('details')).toHaveTextContent('"entryId": "demo-sanction-0001"');
  });

  it('lists every reason of a decision with several, each by its title (decision 052)', () => {
    renderConsole(<AuditHistory entries={[{ at: '2025-03-05T09:00:00.000Z', ...REVIEWER, action: 'review.case.decide', before: { status: 'PENDING' }, after: { status: 'REJECTED', outcome: 'REJECT', reasonCode: 'DOCUMENT_EXPIRED', reasonCodes: ['DOCUMENT_EXPIRED', 'SELFIE_UNCLEAR'] } }]} />);
    const list = screen.getByTestId('audit-history').querySelector('dl')!;
    expect(list).toHaveTextContent('Reasons');
    expect(list).toHaveTextContent(`The document has expired · The selfie is not clear`);
    expect(list).not.toHaveTextContent(/reasonCodes|SELFIE_UNCLEAR|DOCUMENT_EXPIRED/);
  });

  it('says a restriction and a cancelled task in words, their codes as labels (decision 052)', () => {
    const restricted: ConsoleHistoryEntry[] = [
      { at: '2025-03-02T09:00:00.000Z', ...REVIEWER, action: 'restriction.set', before: null, after: { userId: 'u-1', source: 'SCREENING', limitation: 'LIMITATION_COMPLIANCE_RESTRICTED', reason: 'COMPLIANCE_REVIEW', action: 'CONTACT_SUPPORT', caseId: 'c-1' } },
      { at: '2025-03-03T09:00:00.000Z', ...REVIEWER, action: 'restriction.lift', before: { limitation: 'LIMITATION_EDD_REJECTED', reason: 'EDD_REJECTED', action: 'ANSWER_EDD_AGAIN', caseId: 'c-2' }, after: { userId: 'u-1', source: 'EDD', caseId: 'c-3' } },
      { at: '2025-03-04T09:00:00.000Z', ...REVIEWER, action: 'compliance_task.cancel', before: { status: 'OPEN' }, after: { status: 'CANCELLED' } },
    ];
    renderConsole(<AuditHistory entries={restricted} />);
    const items = within(screen.getByTestId('audit-history')).getAllByRole('listitem').filter((li) => li.parentElement === screen.getByTestId('audit-history'));
    expect(items.map((li) => li.querySelector('p')!.textContent)).toEqual(['Account restricted', 'Account restriction lifted', 'Compliance task cancelled']);
    expect(items[0]).toHaveTextContent('Name screening');
    expect(items[0]).toHaveTextContent('Restricted: compliance review');
    expect(items[0]).toHaveTextContent('Contact support');
    expect(items[1]).toHaveTextContent('Enhanced due diligence');
    expect(items[1]).toHaveTextContent('Answer the questionnaires again');
    expect(items[0]).toHaveTextContent('What the user can doContact support');
    for (const li of items.slice(0, 2)) expect(li.querySelector('dl')).not.toHaveTextContent(/LIMITATION_|CONTACT_SUPPORT|ANSWER_EDD_AGAIN|SCREENING|source|limitation/);
  });
});

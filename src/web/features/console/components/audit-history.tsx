import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleCase, ConsoleHistoryEntry } from '../../../../shared/api/console.ts';
import { countryLabel, formatCalendarDate, formatDateTime, shortId } from '../format.ts';

/** Audit fields that are identifiers of things already on the page: shown nowhere (noise). */
const HIDDEN_FIELDS = new Set(['userId', 'decisionId', 'applicationId', 'subjectId', 'caseId']);
/** Fields with a translated label; any other field is shown under its own name. */
const LABELLED_FIELDS = new Set([
  'status',
  'stepStatus',
  'subjectStatus',
  'level',
  'country',
  'documentType',
  'documents',
  'mode',
  'reasonCode',
  'userMessage',
  'internalNote',
  'cause',
  'kind',
  'provider',
  'outcome',
  'assigneeId',
  // Issue 28 (decision 051): the fields of questionnaires, screening, RFIs, tasks and re-verification.
  'taskType',
  'templateCode',
  'hits',
  'dueDate',
  'attempt',
  'version',
  'target',
  'question',
  'answer',
  'reason',
  'eddStatus',
  // Decision 052: a restriction's fields.
  'source',
  'limitation',
  'action',
  'reasonCodes',
]);

/**
 * Issue 28 (decision 051): the actions of every other kind of case, each a sentence
 * (`console.history.sentences.<action with _ for .>`), so no history shows the code's names.
 */
const SENTENCE_ACTIONS = new Set([
  'questionnaire.create',
  'questionnaire.submit',
  'questionnaire.amend',
  'questionnaire.lock',
  'questionnaire.approve',
  'questionnaire.reject',
  'questionnaire.renew',
  'questionnaire.attempt.create',
  'questionnaire.require',
  'reverification.request',
  'reverification.submit',
  'reverification.approve',
  'reverification.reject',
  'reverification.reject_daily',
  'reverification.new_day',
  'reverification.request.open',
  'reverification.submission.submit',
  'reverification.submission.override',
  'identity_transfer.consent',
  'identity_transfer.source_verified',
  'identity_transfer.target_verified',
  'identity_transfer.target_verified_review',
  'identity_transfer.approve',
  'identity_transfer.reject',
  'identity_transfer.cancel',
  'identity_transfer.start',
  'screening.match.open',
  'screening.screen',
  'screening.rescreen.reopen',
  'rfi.ask',
  'rfi.answer',
  'rfi.document.add',
  'compliance_task.open',
  'compliance_task.done',
  'compliance_task.cancel',
  'restriction.set',
  'restriction.lift',
  'member.tag_change.propose',
  'member.tag_change.apply',
  'member.tag_change.withdraw',
  'review.case.proposal_superseded',
]);
/** Actions with a translated name (`console.history.actions.<action with _ for .>`). */
const KNOWN_ACTIONS = new Set([
  'review.case.open',
  'review.case.assign',
  'review.case.release',
  'review.case.decide',
  'kyc.application.submit',
  'kyc.application.approve',
  'kyc.application.reject',
  'kyc.step.unlock',
  'kyc.step.submit',
  'kyc.step.approve',
  'kyc.step.reject_retry',
  'kyc.step.reject_final',
  'kyc.step.self_reset',
  'kyc.step.disable',
  'kyc.step.enable',
]);

/** Decision 022's actions, named in the override namespace. */
const OVERRIDE_ACTIONS = new Set([
  'review.case.override',
  'review.case.propose',
  'review.case.confirm',
  'review.case.send_back',
  'kyc.application.override',
  'kyc.step.override_approve',
  'kyc.step.override_reject_retry',
  'kyc.step.override_reject_final',
  'kyc.step.lock',
  // Decision 052: the system's score on a questionnaire overridden.
  'questionnaire.override',
  'questionnaire.override_approve',
  'questionnaire.override_reject',
  'reverification.submission.override',
]);

/** Decision 028's actions (enhanced due diligence), named in the edd namespace. */
const EDD_ACTIONS = new Set(['edd.require', 'edd.submit', 'edd.pass', 'edd.reject', 'edd.renew', 'edd.round.open', 'edd.round.answer', 'edd.round.submit']);

type Fields = Record<string, unknown>;

const asFields = (value: unknown): Fields => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {});
const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** What changed in one record: fields whose value differs, in the order they were written. */
export function changedFields(entry: Pick<ConsoleHistoryEntry, 'before' | 'after'>): { field: string; before: unknown; after: unknown }[] {
  const before = asFields(entry.before);
  const after = asFields(entry.after);
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((f) => !HIDDEN_FIELDS.has(f));
  return names
    .map((field) => ({ field, before: before[field], after: after[field] }))
    .filter(({ before: b, after: a }) => JSON.stringify(b) !== JSON.stringify(a) && !(isBlank(b) && isBlank(a)));
}

/** The translated name of an audit action; an action this console does not know is shown as recorded. */
export function actionLabel(t: TFunction, action: string): string {
  if (OVERRIDE_ACTIONS.has(action)) return t(`override.actions.${action.replace(/\./g, '_')}`);
  if (EDD_ACTIONS.has(action)) return t(`edd.actions.${action.replace(/\./g, '_')}`);
  if (SENTENCE_ACTIONS.has(action)) return t(`console.history.sentences.${action.replace(/\./g, '_')}`);
  return KNOWN_ACTIONS.has(action) ? t(`console.history.actions.${action.replace(/\./g, '_')}`) : action;
}

/** Reviewers' and users' e-mails by id, for the ids an audit record carries (an assignee). */
export type People = ReadonlyMap<string, string>;
/** Screening list entries' names by entry id (a screening case's hits), for the ids a match record carries. */
export type EntryNames = ReadonlyMap<string, string>;

/** Everyone the case page knows by id: the history's actors, the assignee, the decider. */
export function peopleOf(data: Pick<ConsoleCase, 'history' | 'case' | 'decision' | 'user'>): People {
  const people = new Map<string, string>([[data.user.id, data.user.email]]);
  for (const entry of data.history) if (entry.actorId && entry.actorEmail) people.set(entry.actorId, entry.actorEmail);
  if (data.case.assignee?.email) people.set(data.case.assignee.id, data.case.assignee.email);
  if (data.decision?.decider.id && data.decision.decider.email) people.set(data.decision.decider.id, data.decision.decider.email);
  return people;
}

/** A screening match's hit as recorded ({ entryId, score, dob }): the list entry's name, its score, whether the dates of birth agree. */
function formatHits(t: TFunction, entryNames: EntryNames, value: unknown): ReactNode {
  if (!Array.isArray(value)) return null;
  return (
    <ul className="m-0 list-none p-0">
      {value.map((hit, i) => {
        const h = asFields(hit);
        const id = String(h.entryId ?? '');
        return (
          <li key={`${id}-${i}`}>
            <span className="font-medium">{entryNames.get(id) ?? id}</span>
            {typeof h.score === 'number' ? ` · ${t('console.screening.score', { score: h.score })}` : ''}
            {typeof h.dob === 'string' ? ` · ${t(`console.screening.dob.${h.dob}`, { defaultValue: h.dob })}` : ''}
          </li>
        );
      })}
    </ul>
  );
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One value of an audit record, made readable: statuses, levels, countries, reasons, people by name. */
function formatValue(t: TFunction, language: string, people: People, action: string, field: string, value: unknown, entryNames: EntryNames = new Map()): ReactNode {
  // Nobody has the case: said in words, not as a gap.
  if (field === 'assigneeId' && isBlank(value)) return <span className="text-muted">{t('console.assignee.none')}</span>;
  if (isBlank(value)) return <span className="text-muted">{t('console.notProvided')}</span>;
  const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
  // Statuses of other machines, whatever field carries them (decision 051).
  if (text.startsWith('QUESTIONNAIRE_STATUS_')) return t(`questionnaires.status.${text}`, { defaultValue: text });
  if (text.startsWith('EDDStatus_')) return t(`edd.status.${text}`, { defaultValue: text });
  if (typeof value === 'boolean') return value ? t('console.history.yes') : t('console.history.no');
  // Times in the reviewer's time zone, calendar days as days.
  if (typeof value === 'string' && ISO_TIME.test(value)) return <time dateTime={value}>{formatDateTime(value, language)}</time>;
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return formatCalendarDate(value, language);
  // A restriction's source, reason, limitation and the user's way out (decision 052), as labels.
  if (action.startsWith('restriction.') && ['source', 'reason', 'limitation', 'action'].includes(field)) {
    return t(`console.history.restriction.${field}.${text}`, { defaultValue: text });
  }
  switch (field) {
    case 'hits':
      return formatHits(t, entryNames, value);
    case 'taskType':
      return t(`console.user.taskTypes.${text}`, { defaultValue: text });
    case 'templateCode':
      return t(`questionnaires.t.${text}.title`, { defaultValue: text });
    case 'status':
      // A step record's status is a §4 step status; an application record's is the application's.
      return action.startsWith('kyc.step.') ? t(`ui.stepStatus.${text}`, { defaultValue: text }) : t(`console.status.${text}`, { defaultValue: text });
    case 'stepStatus':
    case 'subjectStatus':
      // A KYC case's subject status is the level's step status (the only subject kind so far).
      return t(`ui.stepStatus.${text}`, { defaultValue: text });
    case 'kind':
      return t(`console.kinds.${text}`, { defaultValue: text });
    case 'provider':
      return t(`console.providers.${text}`, { defaultValue: text });
    case 'outcome':
      return t(`console.outcomes.${text}`, { defaultValue: text });
    case 'assigneeId':
      return <span className="break-all">{people.get(text) ?? shortId(text)}</span>;
    case 'level':
      return t('console.level', { level: text });
    case 'country':
      return countryLabel(text, language);
    case 'documentType':
      return t(`console.documentTypes.${text}`, { defaultValue: text });
    case 'mode':
      return t(`console.modes.${text}`, { defaultValue: text });
    case 'reasonCode':
      return t(`kyc-reasons.${text}.title`, { defaultValue: text });
    case 'reasonCodes':
      // A decision's every reason (decision 052), each by its title.
      return Array.isArray(value) ? value.map((code) => t(`kyc-reasons.${String(code)}.title`, { defaultValue: String(code) })).join(' · ') : text;
    case 'documents':
      if (Array.isArray(value)) {
        return value.map((d) => t(`console.documentKinds.${String(asFields(d).kind)}`, { defaultValue: String(asFields(d).kind) })).join(', ');
      }
      return text;
    case 'userMessage':
    case 'internalNote':
      return <q className="break-words whitespace-pre-wrap">{text}</q>;
    default:
      return <span className="break-all">{text}</span>;
  }
}

/**
 * "By": the reviewer's or user's e-mail, "System" for automatic changes, a verification provider by
 * name (its webhook decided), else the recorded actor.
 */
function actorName(t: TFunction, entry: ConsoleHistoryEntry): string {
  if (entry.actorEmail) return entry.actorEmail;
  if (entry.actorType === 'system') return t('console.history.system');
  if (entry.actorType === 'provider') return t('console.decision.deciders.provider', { provider: t(`console.providers.${entry.actorId ?? ''}`, { defaultValue: entry.actorId ?? '' }) });
  return entry.actorId ?? entry.actorType;
}

/**
 * The audit trail of a case, oldest first: when, who, what, and each changed field as
 * "before → after" (or just the new value). The arrow is decorative; screen readers hear
 * "changed to". Internal notes appear here too: this is the reviewers' own record.
 */
export function AuditHistory({ entries, people = new Map(), entryNames = new Map() }: { entries: readonly ConsoleHistoryEntry[]; people?: People; entryNames?: EntryNames }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  if (entries.length === 0) return <p className="text-sm text-muted">{t('console.history.none')}</p>;
  return (
    <ol className="flex flex-col gap-3" data-testid="audit-history">
      {entries.map((entry, index) => {
        const changes = changedFields(entry);
        return (
          <li key={`${entry.at}-${index}`} className="rounded-lg border border-line p-3 text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <p className="font-medium text-ink">{actionLabel(t, entry.action)}</p>
              <time dateTime={entry.at} className="text-muted">
                {formatDateTime(entry.at, language)}
              </time>
            </div>
            <p className="mt-0.5 break-all text-muted">{t('console.history.by', { actor: actorName(t, entry) })}</p>
            {changes.length > 0 ? (
              <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
                {changes.map(({ field, before, after }) => (
                  <div key={field} className="contents">
                    <dt className="text-muted">{LABELLED_FIELDS.has(field) ? t(`console.history.fields.${field}`) : field}</dt>
                    <dd className="min-w-0 text-ink">
                      {isBlank(before) ? (
                        formatValue(t, language, people, entry.action, field, after, entryNames)
                      ) : (
                        <>
                          {/* Each value isolated (bdi): the pair reads in the page's direction even when the values are in another script. */}
                          <bdi>{formatValue(t, language, people, entry.action, field, before, entryNames)}</bdi>
                          <span aria-hidden className="mx-1.5 inline-block text-muted rtl:-scale-x-100">
                            →
                          </span>
                          <span className="sr-only"> {t('console.history.changedTo')} </span>
                          <bdi className="font-medium">{formatValue(t, language, people, entry.action, field, after, entryNames)}</bdi>
                        </>
                      )}
                    </dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {/* Decision 051: the record as stored, one click away (what an auditor or a developer asks for). */}
            <RawRecord entry={entry} />
          </li>
        );
      })}
    </ol>
  );
}

/** The audit record as stored, behind a disclosure; its text is put on the page only once opened. */
function RawRecord({ entry }: { entry: ConsoleHistoryEntry }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-2" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-xs text-muted">{t('console.history.raw')}</summary>
      {open ? (
        <pre className="mt-1 overflow-x-auto rounded bg-surface p-2 text-xs break-all whitespace-pre-wrap" dir="ltr">
          {JSON.stringify({ action: entry.action, actorType: entry.actorType, actorId: entry.actorId, before: entry.before, after: entry.after }, null, 2)}
        </pre>
      ) : null}
    </details>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import type { ConsoleCase } from '../../../shared/api/console.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { SubjectKind } from '../../../shared/review.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LoadError, LoadingBlock } from '../../components/ui/load-states.tsx';
import { Skeleton, SkeletonText } from '../../components/ui/skeleton.tsx';
import { isApiError } from '../../lib/http/index.ts';
import { useCase } from './api/get-case.ts';
import { useConsoleMe } from './api/get-console-me.ts';
import { AuditHistory, peopleOf } from './components/audit-history.tsx';
import { BackLink } from './components/back-link.tsx';
import { CaseHeader } from './components/case-header.tsx';
import { CaseTiming } from './components/case-timing.tsx';
import { DecisionSummary } from './components/decision-summary.tsx';
import { Facts } from './components/facts.tsx';
import { AssigneeName } from './components/people.tsx';
import { CaseStatusBadge } from './components/status-badge.tsx';
import { formatDateTime, formatDuration, shortId } from './format.ts';
import { userHref } from './queue-params.ts';
import { useShortcuts } from './shortcuts.ts';
import { useConsoleTitle } from './use-console-title.ts';
import { useCaseNavigation } from './use-next-case.ts';
import { KycApplicationAside, KycApplicationMain } from './subjects/kyc-application.tsx';
import { ReverificationAside, ReverificationMain } from './subjects/reverification.tsx';
import { QuestionnaireAside, QuestionnaireMain } from './subjects/questionnaire.tsx';
import { ScreeningAside, ScreeningMain } from './subjects/screening.tsx';
import { IdentityTransferAside, IdentityTransferMain } from './subjects/identity-transfer.tsx';
import { RfiAside, RfiMain } from './subjects/rfi.tsx';
import { EddAside, EddMain } from './subjects/edd.tsx';
import { MemberTagAside, MemberTagMain } from './subjects/member-tag.tsx';
import { useNow } from './use-now.ts';
import { useSessionGuard } from './use-session-guard.ts';
import { SecondLookPanel } from './components/second-look-panel.tsx';
import { OverridePanel } from './components/override-panel.tsx';
import { UserCasesCard } from './components/user-cases-card.tsx';
import { API_PREFIX } from '../../../shared/api/paths.ts';
import { ConsolePath } from '../../../shared/api/console-paths.ts';


/**
 * One review case as a reviewer works it: who has it (take / release), what is decided (the
 * subject, rendered by its kind: a KYC application's submitted data and images), the decision (or
 * the buttons to make it), the user's steps and other applications, and the history.
 */
export default function CaseScreen() {
  const { t } = useTranslation();
  const { id } = useParams<{ id: string }>();
  const query = useCase(id);
  const sessionEnded = useSessionGuard(query.error);

  if (query.isPending || sessionEnded) {
    return (
      <LoadingBlock className="flex flex-col gap-4">
        <Skeleton className="h-8 w-64" />
        <SkeletonText lines={6} />
        <Skeleton className="h-48 w-full" />
      </LoadingBlock>
    );
  }
  if (query.isError) {
    const missing = isApiError(query.error) && (query.error.retCode === RetCode.NOT_FOUND || query.error.retCode === RetCode.PARAMS_ERROR);
    return (
      <div className="flex flex-col gap-4">
        <BackLink />
        {missing ? (
          <Alert variant="warn" title={t('console.case.notFoundTitle')}>
            {t('console.case.notFoundBody')}
          </Alert>
        ) : (
          <LoadError title={t('console.case.error')} error={query.error} onRetry={() => void query.refetch()} />
        )}
      </div>
    );
  }
  // Keyed by the case: moving to the next case starts its page afresh (no dialog or notice carried over).
  return <CaseView key={query.data.case.id} data={query.data} />;
}

/** What the subject kind puts on the page: a title, the main column and the side column's part. */
interface SubjectView {
  title: string;
  /** The level a KYC decision is for (reasons, confirmation text). */
  level: 1 | 2;
  main: ReactNode;
  aside: ReactNode;
  /** Rows the subject adds to the case card (e.g. the application's id). */
  facts: [label: string, value: ReactNode][];
  /** The decision dialogs' texts when the subject is not a KYC level. */
  descriptions?: { approve: string; reject: string };
}

function useSubjectView(data: ConsoleCase): SubjectView | null {
  const { t } = useTranslation();
  const subject = data.subject;
  switch (subject.kind) {
    case SubjectKind.KYC_APPLICATION:
      return {
        title: t('console.case.title', { level: subject.application.level }),
        level: subject.application.level,
        main: <KycApplicationMain subject={subject} email={data.user.email} userId={data.user.id} />,
        aside: <KycApplicationAside subject={subject} email={data.user.email} />,
        facts: [[t('console.case.summary.id'), <span key="application" className="font-mono text-xs break-all">{subject.application.id}</span>]],
      };
    case SubjectKind.REVERIFICATION:
      // Decision 017: an update of a verified document; reasons and confirmations are its level's.
      return {
        title: t('reverification.console.subjectTitle', { document: t(`reverification.target.${subject.submission.target}`) }),
        level: subject.submission.level,
        main: <ReverificationMain subject={subject} email={data.user.email} />,
        aside: <ReverificationAside subject={subject} />,
        facts: [[t('console.case.summary.id'), <span key="submission" className="font-mono text-xs break-all">{subject.submission.id}</span>]],
      };
    case SubjectKind.QUESTIONNAIRE:
      return {
        title: t(`questionnaires.t.${subject.questionnaire.templateCode}.title`),
        // Reasons are offered as for level 1 (any of the taxonomy's general reasons fits a questionnaire).
        level: 1,
        main: <QuestionnaireMain subject={subject} email={data.user.email} />,
        aside: <QuestionnaireAside subject={subject} />,
        descriptions: { approve: t('questionnaires.console.approveText', { email: data.user.email }), reject: t('questionnaires.console.rejectText') },
        facts: [[t('questionnaires.console.requestId'), <span key="questionnaire" className="font-mono text-xs break-all">{subject.questionnaire.id}</span>]],
      };
    case SubjectKind.SCREENING:
      // Decision 026: approve = a false positive (cleared), reject = a true match (restricted).
      return {
        title: t('console.screening.title'),
        level: 1,
        main: <ScreeningMain subject={subject} />,
        aside: <ScreeningAside subject={subject} />,
        descriptions: { approve: t('console.screening.approveText', { email: data.user.email }), reject: t('console.screening.rejectText') },
        facts: [[t('console.screening.matchId'), <span key="match" className="font-mono text-xs break-all">{subject.match.id}</span>]],
      };
    case SubjectKind.IDENTITY_TRANSFER:
      // Decision 029: the level that moves is what is decided; reasons are offered as for it.
      return {
        title: t('transfer.console.title'),
        level: subject.level,
        main: <IdentityTransferMain subject={subject} />,
        aside: <IdentityTransferAside subject={subject} />,
        descriptions: { approve: t('transfer.console.approveText', { email: subject.target.email }), reject: t('transfer.console.rejectText') },
        facts: [[t('transfer.console.transferId'), <span key="transfer" className="font-mono text-xs break-all">{subject.transferId}</span>]],
      };
    case SubjectKind.RFI:
      // Decision 027: approve accepts the answer, reject asks again (the message is the next question).
      return {
        title: t('compliance.console.subjectTitle', { round: subject.rfi.round }),
        level: 1,
        main: <RfiMain subject={subject} email={data.user.email} />,
        aside: <RfiAside subject={subject} />,
        descriptions: { approve: t('compliance.console.approveText', { email: data.user.email }), reject: t('compliance.console.rejectText') },
        facts: [[t('console.case.summary.id'), <span key="rfi" className="font-mono text-xs break-all">{subject.rfi.rfiId}</span>]],
      };
    case SubjectKind.EDD:
      // Decision 028: a round of enhanced due diligence; reasons are offered as for level 1 (the general ones fit).
      return {
        title: t('edd.console.subjectTitle'),
        level: 1,
        main: <EddMain subject={subject} email={data.user.email} />,
        aside: <EddAside subject={subject} />,
        descriptions: { approve: t('edd.console.approveText', { email: data.user.email }), reject: t('edd.console.rejectText') },
        facts: [[t('edd.console.roundId'), <span key="round" className="font-mono text-xs break-all">{subject.round.id}</span>]],
      };
    case SubjectKind.MEMBER_TAG:
      // Decision 036: a tag change that lowers a duty; approve applies it (always a proposal first), reject withdraws it.
      return {
        title: t('extras.memberTagCase.title', { tag: subject.change.tagName, value: subject.change.value }),
        level: 1,
        main: <MemberTagMain subject={subject} email={data.user.email} />,
        aside: <MemberTagAside subject={subject} />,
        descriptions: { approve: t('extras.memberTagCase.approveText', { email: data.user.email }), reject: t('extras.memberTagCase.rejectText') },
        facts: [[t('extras.memberTagCase.changeId'), <span key="change" className="font-mono text-xs break-all">{subject.change.id}</span>]],
      };
    default:
      // A kind this console version does not know (a newer server): say so rather than guess.
      return null;
  }
}

function CaseView({ data }: { data: ConsoleCase }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const me = useConsoleMe();
  const now = useNow();
  const view = useSubjectView(data);
  const kase = data.case;
  const kind = t(`console.kinds.${kase.kind}`, { defaultValue: kase.kind });
  // Issue 28: each case's tab says what it is and whose ("KYC application · ada@example.com").
  useConsoleTitle(`${kind} · ${data.user.email}`);
  const navigation = useCaseNavigation(me.data?.id);
  useShortcuts({ next: () => navigation.step(kase.id, 1), previous: () => navigation.step(kase.id, -1) });

  if (!view) {
    return (
      <div className="flex flex-col gap-4">
        <BackLink />
        <Alert variant="warn" title={kind}>
          {t('console.case.unknownKind')}
        </Alert>
      </div>
    );
  }

  return (
    <article aria-labelledby="case-title" className="flex flex-col gap-5">
      <BackLink />
      <CaseHeader data={data} meId={me.data?.id} level={view.level} descriptions={view.descriptions}>
        <p className="text-xs font-medium text-muted">
          <span className="tracking-wide uppercase">{kind}</span> · <span title={kase.id}>{t('console.case.caseNumber', { id: shortId(kase.id) })}</span>
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 id="case-title" className="text-2xl font-semibold">
            {view.title}
          </h1>
          <CaseStatusBadge status={kase.status} />
        </div>
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted">
          <Link href={userHref(data.user.id)} className="break-all text-info underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary">
            {data.user.email}
          </Link>
          <span>
            {t('console.case.summary.submittedAt')}: <time dateTime={kase.openedAt}>{formatDateTime(kase.openedAt, language)}</time>
          </span>
          <CaseTiming item={kase} now={now} labelled className="font-medium text-ink" />
        </p>
      </CaseHeader>

      <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-5 lg:col-span-2">
          <SecondLookPanel data={data} meId={me.data?.id} role={me.data?.role} />

          {view.main}

          <OverridePanel data={data} level={view.level} role={me.data?.role} />

          {data.decision ? (
            <Card title={t('console.decision.title')} id="decision">
              <DecisionSummary decision={data.decision} secondsToDecision={kase.secondsToDecision} />
            </Card>
          ) : null}

          <Card title={t('console.history.title')}>
            <AuditHistory
              entries={data.history}
              people={peopleOf(data)}
              entryNames={data.subject.kind === SubjectKind.SCREENING ? new Map(data.subject.hits.map((h) => [h.entryId, h.name])) : undefined}
            />
          </Card>
        </div>

        <aside className="flex min-w-0 flex-col gap-5" aria-label={t('console.case.aside')}>
          {/* A ZIP for a regulator (decision 018): the case, its audit entries, the images; the export is audited. */}
          <a
            href={`${API_PREFIX}${ConsolePath.consoleCaseExport.replace(':id', encodeURIComponent(kase.id))}`}
            download
            className="self-start rounded-btn border border-line-strong px-4 py-2 text-sm font-medium hover:bg-surface focus-visible:outline-2 focus-visible:outline-primary"
          >
            {t('records.caseExport')}
          </a>
          <Card title={t('console.case.summary.title')}>
            <Facts
              stacked
              rows={[
                [t('console.case.summary.kind'), kind],
                [t('console.case.summary.caseId'), <span key="id" className="font-mono text-xs break-all">{kase.id}</span>],
                ...view.facts,
                [t('console.case.summary.user'), <span key="user" className="break-all">{data.user.email}</span>],
                [t('console.case.summary.userId'), <span key="uid" className="font-mono text-xs break-all">{data.user.id}</span>],
                [t('console.case.summary.accountCreated'), data.user.createdAt ? <time key="created" dateTime={data.user.createdAt}>{formatDateTime(data.user.createdAt, language)}</time> : ''],
                [t('console.case.summary.level'), kase.level ? t('console.level', { level: kase.level }) : ''],
                [t('console.case.summary.provider'), t(`console.providers.${kase.provider}`, { defaultValue: kase.provider })],
                [t('console.assignee.label'), <AssigneeName key="assignee" assignee={kase.assignee} meId={me.data?.id} />],
                [t('console.case.summary.submittedAt'), <time key="submitted" dateTime={kase.openedAt}>{formatDateTime(kase.openedAt, language)}</time>],
                [
                  t('console.case.summary.decidedAt'),
                  kase.decidedAt ? (
                    <time key="decided" dateTime={kase.decidedAt}>
                      {formatDateTime(kase.decidedAt, language)}
                    </time>
                  ) : (
                    <span key="decided" className="text-muted">
                      {t('console.case.summary.notDecided')}
                    </span>
                  ),
                ],
                ...(kase.secondsToDecision !== null ? [[t('console.decision.timeToDecision'), formatDuration(kase.secondsToDecision, t)] as [string, ReactNode]] : []),
              ]}
            />
          </Card>
          {view.aside}
          <UserCasesCard cases={data.userCases} />
        </aside>
      </div>
    </article>
  );
}

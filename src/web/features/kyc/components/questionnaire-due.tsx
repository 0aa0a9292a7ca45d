import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { QuestionnaireStatus } from '../../../../shared/kyc.ts';
import { byDuePriority } from '../../../../shared/questionnaires/priority.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { useQuestionnaireList } from '../api/questionnaire-list.ts';

const WAITING: ReadonlySet<string> = new Set([QuestionnaireStatus.QUESTIONNAIRE_STATUS_UNDEFINED, QuestionnaireStatus.QUESTIONNAIRE_STATUS_UNSUBMIT, QuestionnaireStatus.QUESTIONNAIRE_STATUS_REJECTED]);

/**
 * kyc-info's mustQuestionnaire (§3, decision 020): the overview names the first questionnaire that
 * waits for the user (name screening first) and links to its route (the template code is the route's name).
 */
export function QuestionnaireDue({ must }: { must: boolean }) {
  const { t } = useTranslation();
  const list = useQuestionnaireList(must);
  const due = must ? byDuePriority(list.data?.items ?? [], (i) => i.templateCode).find((i) => i.due && WAITING.has(i.status)) : undefined;
  if (!due) return null;
  return (
    <Alert
      variant="warn"
      data-testid="questionnaire-due"
      action={
        <Link href={`/${due.templateCode}`} className={buttonVariants({ variant: 'primary', size: 'small' })}>
          {t('questionnaires.ui.open')}
        </Link>
      }
    >
      {t('questionnaires.ui.dueBanner', { title: t(`questionnaires.t.${due.templateCode}.title`) })}
    </Alert>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '../../../../shared/api/paths.ts';
import type { SubmitQuestionnaireRequest, SubmitQuestionnaireResult } from '../../../../shared/api/questionnaires.ts';
import { http } from '../../../lib/http/index.ts';
import { questionnaireKeys } from './keys.ts';

/** §7 POST submit-questionnaire. `silent`: the form maps field errors onto the questions and shows the rest. */
export const submitQuestionnaire = (body: SubmitQuestionnaireRequest) => http.post<SubmitQuestionnaireResult>(ApiPath.submitQuestionnaire, { ...body }, { silent: true });

/** Sends the answers; afterwards the detail (status, outcome), the EDD round and kyc-info's questionnaire fields have changed. */
export function useSubmitQuestionnaire(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitQuestionnaire,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: questionnaireKeys.detail(code) });
      void client.invalidateQueries({ queryKey: questionnaireKeys.edd() });
      void client.invalidateQueries({ queryKey: ['kyc', 'info'] });
    },
  });
}

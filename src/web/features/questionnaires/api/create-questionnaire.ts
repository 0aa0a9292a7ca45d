import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '../../../../shared/api/paths.ts';
import type { CreateQuestionnaireRequest, CreateQuestionnaireResult } from '../../../../shared/api/questionnaires.ts';
import { http } from '../../../lib/http/index.ts';
import { questionnaireKeys } from './keys.ts';

/** §7 POST create-questionnaire: starts the caller's attempt (or returns the open one). */
export const createQuestionnaire = (body: CreateQuestionnaireRequest) => http.post<CreateQuestionnaireResult>(ApiPath.createQuestionnaire, { ...body }, { silent: true });

export function useCreateQuestionnaire(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => createQuestionnaire({ template_code: code, scene_code: 'WEB', biz_from: 'auth' }),
    onSettled: () => client.invalidateQueries({ queryKey: questionnaireKeys.detail(code) }),
  });
}

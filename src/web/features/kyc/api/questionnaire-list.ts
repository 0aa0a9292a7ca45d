import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPath } from '../../../../shared/api/paths.ts';
import type { QuestionnaireListResult } from '../../../../shared/api/questionnaires.ts';
import { http } from '../../../lib/http/index.ts';
import { kycKeys } from './keys.ts';

/** GET questionnaire-list (beyond §7): which questionnaires are due, for the overview's notice. Silent: the notice is optional. */
export const getQuestionnaireList = (signal?: AbortSignal) => http.get<QuestionnaireListResult>(ApiPath.questionnaireList, undefined, { silent: true, signal });

export const questionnaireListQuery = queryOptions({ queryKey: [...kycKeys.all, 'questionnaires'] as const, queryFn: ({ signal }) => getQuestionnaireList(signal) });

export const useQuestionnaireList = (enabled: boolean) => useQuery({ ...questionnaireListQuery, enabled });

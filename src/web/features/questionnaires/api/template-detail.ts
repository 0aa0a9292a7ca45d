import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPath } from '../../../../shared/api/paths.ts';
import type { TemplateDetailResult } from '../../../../shared/api/questionnaires.ts';
import { http } from '../../../lib/http/index.ts';
import { questionnaireKeys } from './keys.ts';

/** §7 GET questionnaire-template-detail: the template version and the caller's current attempt. `silent`: the screen says it. */
export const getTemplateDetail = (code: string, signal?: AbortSignal) =>
  http.get<TemplateDetailResult>(ApiPath.questionnaireTemplateDetail, { template_code: code }, { silent: true, signal, cache: false });

export const templateDetailQuery = (code: string) => queryOptions({ queryKey: questionnaireKeys.detail(code), queryFn: ({ signal }) => getTemplateDetail(code, signal) });

export const useTemplateDetail = (code: string) => useQuery(templateDetailQuery(code));

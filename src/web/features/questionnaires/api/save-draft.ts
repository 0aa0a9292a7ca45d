import { useMutation } from '@tanstack/react-query';
import { ApiPath } from '../../../../shared/api/paths.ts';
import type { SaveDraftRequest, SaveDraftResult } from '../../../../shared/api/questionnaires.ts';
import { http } from '../../../lib/http/index.ts';

/** POST save-questionnaire-draft (beyond §7): unfinished answers, saved as the user goes. Silent: the form shows "Not saved yet". */
export const saveDraft = (body: SaveDraftRequest) => http.post<SaveDraftResult>(ApiPath.saveQuestionnaireDraft, { ...body }, { silent: true });

export const useSaveDraft = () => useMutation({ mutationFn: saveDraft });

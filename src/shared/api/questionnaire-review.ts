import { z } from '../zod.ts';
import { QuestionnaireStatus } from '../kyc.ts';
import { SubjectKind } from '../review.ts';
import { answersValue, questionnaireOutcome, questionValue, templateValue } from './questionnaires.ts';

/**
 * The subject of a QUESTIONNAIRE review case in the console (decision 020): the answers next to the
 * template's questions, with what the reviewer needs and the user never sees (a test's right
 * answers, a profile's points), the score, the evidence and the earlier attempts.
 */
const reviewerQuestion = questionValue.extend({ correct: z.array(z.string()).optional(), points: z.record(z.string(), z.number()).optional() });

export const questionnaireSubject = z.object({
  kind: z.literal(SubjectKind.QUESTIONNAIRE),
  questionnaire: z.object({
    id: z.string(),
    templateCode: z.string(),
    attempt: z.number().int(),
    sceneCode: z.string(),
    bizFrom: z.string(),
    submittedAt: z.string().nullable(),
    submittedIp: z.string().nullable(),
    decidedAt: z.string().nullable(),
    /** The user's status of this template now. */
    status: z.enum(QuestionnaireStatus),
  }),
  template: templateValue.extend({ sections: z.array(z.object({ id: z.string(), questions: z.array(reviewerQuestion) })) }),
  answers: answersValue,
  outcome: questionnaireOutcome.nullable(),
  evidence: z.array(z.object({ id: z.string(), questionId: z.string(), byteSize: z.number().int(), createdAt: z.string(), downloadPath: z.string() })),
  /** The user's earlier attempts at this template, newest first. */
  previous: z.array(z.object({ id: z.string(), attempt: z.number().int(), submittedAt: z.string().nullable(), outcome: z.string().nullable() })),
});
export type QuestionnaireSubject = z.output<typeof questionnaireSubject>;

import { describe, expect, it } from 'vitest';
import { publicTemplate } from '../api/questionnaires.ts';
import { latestTemplate, passRuleOf, scoreTest, TemplateKind, type QuestionnaireTemplate } from './index.ts';

describe("a test's pass rule", () => {
  it('is the number of right answers the pass mark needs, the same rule scoreTest applies', () => {
    const test = latestTemplate('crypto-knowledge-test')!;
    expect(passRuleOf(test)).toEqual({ scored: 6, passScore: 5 });
    const questions = test.sections.flatMap((s) => s.questions).filter((q) => q.correct);
    const answersWithRight = (n: number) => Object.fromEntries(questions.map((q, i) => [q.id, i < n ? [...q.correct!] : ['__wrong__']]));
    expect(scoreTest(test, answersWithRight(5)).passed).toBe(true);
    expect(scoreTest(test, answersWithRight(4)).passed).toBe(false);
  });

  it('goes to the user with the template, without the right answers', () => {
    const view = publicTemplate(latestTemplate('crypto-knowledge-test')!);
    expect(view.passRule).toEqual({ scored: 6, passScore: 5 });
    expect(JSON.stringify(view)).not.toContain('"correct"');
    const profile: QuestionnaireTemplate = latestTemplate('risk-tolerance-test')!;
    expect(profile.kind).toBe(TemplateKind.PROFILE);
    expect(publicTemplate(profile).passRule).toBeUndefined();
  });
});

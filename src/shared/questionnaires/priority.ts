/**
 * Which due questionnaire a user is sent to first: the name-screening questions ask whether a list's
 * match is the user at all (decision 026), so they come before anything else that is due (the EDD
 * questionnaires a possible match also brings, decision 028); the rest keep their order.
 */
const ASKED_FIRST: readonly string[] = ['nsquestion', 'cnsquestion'];

export function byDuePriority<T>(items: readonly T[], codeOf: (item: T) => string): T[] {
  const rank = (item: T) => {
    const i = ASKED_FIRST.indexOf(codeOf(item));
    return i === -1 ? ASKED_FIRST.length : i;
  };
  // Array.prototype.sort is stable: equal ranks keep their order.
  return [...items].sort((a, b) => rank(a) - rank(b));
}


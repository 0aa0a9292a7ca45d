import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';
import { PasswordMessage } from '../../../shared/validation-rules.ts';

/**
 * New passwords must resist guessing, judged by zxcvbn-ts (a maintained strength estimator) with its
 * common-password list (breached and frequent passwords) and English dictionaries, and with the
 * person's own e-mail address as something an attacker would try first.
 */

/** zxcvbn's scale 0–4; 3 = "safely unguessable" for an online attack and a slow hash offline. */
export const MIN_PASSWORD_SCORE = 3;

let estimator: Promise<ZxcvbnFactory> | undefined;

/** The dictionaries are a few MB: loaded on the first sign-up, not at server start. */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory: Factory }, common, en] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    // No `translations`: feedback then comes as zxcvbn's own keys, which we map to ours below.
    return new Factory({ dictionary: { ...common.dictionary, ...en.dictionary }, graphs: common.adjacencyGraphs });
  })();
  return estimator;
}

/** The address and its parts ("ada.lovelace@example.com" -> "ada.lovelace", "ada", "lovelace", "example"). */
export function userInputsOf(email: string): string[] {
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  const parts = [...local.split(/[._+-]+/), ...domain.split('.').slice(0, -1)].filter((p) => p.length >= 3);
  return [...new Set([email.toLowerCase(), local, ...parts])];
}

/** zxcvbn's warning keys -> our messages (§ decision 013). */
const WARNINGS: Record<string, PasswordMessage> = {
  topTen: PasswordMessage.COMMON,
  topHundred: PasswordMessage.COMMON,
  common: PasswordMessage.COMMON,
  similarToCommon: PasswordMessage.COMMON,
  pwned: PasswordMessage.COMMON,
  wordByItself: PasswordMessage.COMMON_WORDS,
  namesByThemselves: PasswordMessage.COMMON_WORDS,
  commonNames: PasswordMessage.COMMON_WORDS,
  userInputs: PasswordMessage.PERSONAL,
  simpleRepeat: PasswordMessage.REPEATED,
  extendedRepeat: PasswordMessage.REPEATED,
  sequences: PasswordMessage.PATTERN,
  straightRow: PasswordMessage.PATTERN,
  keyPattern: PasswordMessage.PATTERN,
  recentYears: PasswordMessage.DATES,
  dates: PasswordMessage.DATES,
};

export function messageFor(result: Pick<ZxcvbnResult, 'feedback'>): PasswordMessage {
  const warning = result.feedback.warning;
  return (warning && WARNINGS[warning]) || PasswordMessage.TOO_GUESSABLE;
}

/** Why `password` is too weak for the account `email`, or null when it is strong enough. */
export async function passwordWeakness(password: string, email: string): Promise<PasswordMessage | null> {
  const zxcvbn = await loadEstimator();
  const result = zxcvbn.check(password, userInputsOf(email));
  return result.score >= MIN_PASSWORD_SCORE ? null : messageFor(result);
}

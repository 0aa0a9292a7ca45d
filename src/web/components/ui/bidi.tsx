import type { ReactNode } from 'react';

// Private-use characters: never in a translation, so they mark where each value goes.
const OPEN = '\uE000';
const CLOSE = '\uE001';

/**
 * A translated sentence with identifiers in it (a user ID, an e-mail, an amount with its coin code),
 * each isolated as left-to-right (`<bdi dir="ltr">`): on a right-to-left page the bidirectional
 * algorithm would otherwise reorder an ID such as "7f3a-19" around the Arabic words next to it.
 *
 * `translate` is called with markers in place of the values (e.g. `(v) => t('personal.userId', v)`).
 */
export function isolateValues(translate: (values: Record<string, string>) => string, values: Record<string, string>): ReactNode[] {
  const names = Object.keys(values);
  const marked = Object.fromEntries(names.map((name, i) => [name, `${OPEN}${i}${CLOSE}`]));
  const text = translate(marked);
  const parts = text.split(new RegExp(`${OPEN}(\\d+)${CLOSE}`));
  // split() with a capture group: even indexes are text, odd ones the value's index.
  return parts.map((part, i) =>
    i % 2 === 0 ? (
      part
    ) : (
      <bdi key={i} dir="ltr">
        {values[names[Number(part)]!]}
      </bdi>
    ),
  );
}

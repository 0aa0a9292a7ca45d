import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, SHIPPED_LANGUAGES } from '../../shared/languages.ts';
import type { MailMessage } from './mailer.ts';

type Tree = { [key: string]: string | Tree };

/**
 * Translated e-mail: the texts live with the screens' in `locales/user-accounts/<lng>/<part>.json`
 * under `mail.<template>.subject` / `.body` (so every language is checked by the locales test like
 * any other key); `{{name}}` placeholders are filled in. A language without the file falls back to en.
 */
export function createMailTemplates(localesDir: string, part: string) {
  const cache = new Map<string, Tree | null>();
  const load = (lng: string): Tree | null => {
    if (!cache.has(lng)) {
      try {
        cache.set(lng, JSON.parse(readFileSync(path.join(localesDir, 'user-accounts', lng, `${part}.json`), 'utf8')) as Tree);
      } catch {
        cache.set(lng, null);
      }
    }
    return cache.get(lng)!;
  };
  const lookup = (tree: Tree | null, key: string): string | undefined => {
    let node: string | Tree | undefined = tree ?? undefined;
    for (const k of key.split('.')) node = typeof node === 'object' ? node[k] : undefined;
    return typeof node === 'string' ? node : undefined;
  };
  const fill = (text: string, vars: Record<string, string>) => text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, name: string) => vars[name] ?? '');

  /** One text of `part` in `lng` (en when missing); the key itself when en lacks it too. */
  const t = (lng: string, key: string, vars: Record<string, string> = {}): string => fill(lookup(load(lng), key) ?? lookup(load(DEFAULT_LANGUAGE), key) ?? key, vars);

  return {
    t,
    /** The message of `template` in `lng`, to `to`. */
    render(lng: string, template: string, to: string, vars: Record<string, string>): MailMessage {
      return { to, subject: t(lng, `mail.${template}.subject`, vars), text: t(lng, `mail.${template}.body`, vars) };
    },
  };
}
export type MailTemplates = ReturnType<typeof createMailTemplates>;

/**
 * The language to write to someone whose language we do not know (a reviewer's request): the
 * shipped language of their residence country (DE -> de-DE, TR -> tr-TR), else English.
 */
export function languageForCountry(country: string): string {
  const code = country.toUpperCase();
  return SHIPPED_LANGUAGES.find((l) => l.endsWith(`-${code}`)) ?? DEFAULT_LANGUAGE;
}

/** The first shipped language of an Accept-Language header (`de-DE,de;q=0.9` -> de-DE), else en. */
export function languageFromHeader(header: string | undefined): string {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    const found = SHIPPED_LANGUAGES.find((l) => l.toLowerCase() === tag) ?? SHIPPED_LANGUAGES.find((l) => l.toLowerCase().split('-')[0] === tag);
    if (found) return found;
  }
  return DEFAULT_LANGUAGE;
}

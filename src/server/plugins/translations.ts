import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TRANSLATION_PATH_PREFIX, TranslationNamespace } from '../../shared/api/paths.ts';
import { isShippedLanguage } from '../../shared/languages.ts';

/** §7: testnet and test environments prefix the file name. */
const FILE_PATTERN = /^(testnet-|test-)?([A-Za-z]{2}(?:-[A-Za-z]{2})?)\.json$/;
const NAMESPACES = new Set<string>(Object.values(TranslationNamespace));

/**
 * Reads one namespace in one language from the locales directory, `locales/<ns>/<lng>/<part>.json`,
 * one file per feature or area so that features never edit the same file:
 * - user-accounts: parts are merged as `{ <part>: {...} }`, so keys read `kyc.title`;
 * - inverse-error-code: parts are merged flat, keyed by ret_code (a code must appear in one part only).
 */
export async function loadNamespace(localesDir: string, ns: string, lng: string): Promise<Record<string, unknown> | null> {
  const dir = path.join(localesDir, ns, lng);
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return null;
  }
  const merged: Record<string, unknown> = {};
  for (const file of files) {
    const content = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Record<string, unknown>;
    if (ns === TranslationNamespace.INVERSE_ERROR_CODE) Object.assign(merged, content);
    else merged[file.slice(0, -'.json'.length)] = content;
  }
  return merged;
}

/** Serves translation files at the address of §7, from memory after the first read. */
async function translationsPlugin(app: FastifyInstance) {
  const cache = new Map<string, string>();
  app.get<{ Params: { ns: string; file: string } }>(`${TRANSLATION_PATH_PREFIX}/:ns/:file`, async (request, reply) => {
    const { ns, file } = request.params;
    const match = FILE_PATTERN.exec(file);
    const lng = match?.[2];
    if (!NAMESPACES.has(ns) || !lng || !isShippedLanguage(lng)) {
      return reply.status(404).type('application/json').send('{}');
    }
    const key = `${ns}/${lng}`;
    let body = cache.get(key);
    if (body === undefined) {
      const data = await loadNamespace(app.config.localesDir, ns, lng);
      if (!data) return reply.status(404).type('application/json').send('{}');
      body = JSON.stringify(data);
      cache.set(key, body);
    }
    // "low-cache": short-lived caching; a new release changes the v= query parameter.
    return reply.header('cache-control', 'public, max-age=300').type('application/json; charset=utf-8').send(body);
  });
}

export default fp(translationsPlugin, { name: 'translations' });

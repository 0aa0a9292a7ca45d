import path from 'node:path';
import type { Rule } from 'eslint';
import { importVisitor, resolveImport, shown } from './imports.ts';

/**
 * Web features never import each other (ARCHITECTURE §2), judged on where the import points, not on
 * how it is spelt: from `features/kyc/x.ts`, `../console/api.ts` reaches another feature without the
 * word "features" in it, which a path pattern misses. What two features need moves down to lib/ or
 * components/.
 */
const rule: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid a feature folder from importing another feature folder, by resolved path.' },
    schema: [{ type: 'object', properties: { featuresDir: { type: 'string' } }, additionalProperties: false }],
    messages: {
      crossFeature: 'Feature "{{from}}" imports feature "{{to}}" ({{target}}): features do not import each other; move shared code to lib/ or components/.',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    const options = (context.options[0] ?? {}) as { featuresDir?: string };
    const featuresDir = path.resolve(context.cwd, options.featuresDir ?? 'src/web/features');
    const from = featureOf(featuresDir, file);
    if (from === undefined) return {};
    return importVisitor((specifier, node) => {
      const target = resolveImport(file, specifier);
      const to = target === undefined ? undefined : featureOf(featuresDir, target);
      if (to !== undefined && to !== from) {
        context.report({ node, messageId: 'crossFeature', data: { from, to, target: shown(context.cwd, target!) } });
      }
    });
  },
};

/** The feature folder a file belongs to (first folder under featuresDir), if any. */
export function featureOf(featuresDir: string, file: string): string | undefined {
  const rel = path.relative(featuresDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0] : undefined;
}

export default rule;

import path from 'node:path';
import type { Rule } from 'eslint';
import { importVisitor, resolveImport, shown } from './imports.ts';

interface Options {
  /** Folder whose sub-folders are the server modules. */
  modulesDir?: string;
  /** A module's public surface, as file names directly in its folder; `{module}` is its name. */
  publicFiles?: string[];
  /** Composition roots that may also import `<module>.routes.ts` (they mount the routes). */
  routesFrom?: string[];
}

/**
 * Server modules are used only through their public surface (ARCHITECTURE §7: "cross-module calls go
 * through the other module's service"). From anywhere outside module `b` (another module, seed.ts,
 * plugins, scripts), only `b`'s public files may be imported; its repo (SQL over its tables), routes,
 * machines and helpers are its own. The composition root additionally imports `b.routes.ts` to mount
 * it. Tests are exempted in the config, not here.
 */
const rule: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid importing a server module except through its public surface.' },
    schema: [
      {
        type: 'object',
        properties: {
          modulesDir: { type: 'string' },
          publicFiles: { type: 'array', items: { type: 'string' } },
          routesFrom: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      notPublic:
        '{{from}} imports {{target}}: module "{{module}}" is used only through its public surface ({{surface}}). Ask its service, or move what both need out of the module.',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    const options = (context.options[0] ?? {}) as Options;
    const modulesDir = path.resolve(context.cwd, options.modulesDir ?? 'src/server/modules');
    const publicFiles = options.publicFiles ?? ['{module}.service.ts', 'port.ts'];
    const mountsRoutes = (options.routesFrom ?? ['src/server/app.ts']).some((f) => path.resolve(context.cwd, f) === file);
    const own = moduleOf(modulesDir, file)?.module;
    return importVisitor((specifier, node) => {
      const target = resolveImport(file, specifier);
      const where = target === undefined ? undefined : moduleOf(modulesDir, target);
      if (where === undefined || where.module === own) return;
      const surface = publicFiles.map((f) => f.replaceAll('{module}', where.module));
      if (surface.includes(where.rest)) return;
      if (mountsRoutes && where.rest === `${where.module}.routes.ts`) return;
      context.report({
        node,
        messageId: 'notPublic',
        data: { from: own ? `module "${own}"` : shown(context.cwd, file), target: shown(context.cwd, target!), module: where.module, surface: surface.join(', ') },
      });
    });
  },
};

/** The module a file belongs to and its path inside that module's folder (forward slashes). */
export function moduleOf(modulesDir: string, file: string): { module: string; rest: string } | undefined {
  const rel = path.relative(modulesDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const [module, ...rest] = rel.split(path.sep);
  return module && rest.length > 0 ? { module, rest: rest.join('/') } : undefined;
}

export default rule;

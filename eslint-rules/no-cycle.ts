import type { Rule } from 'eslint';
import type { Node } from 'estree';
import { importsOnDisk, importVisitor, resolveImport, shown } from './imports.ts';

/**
 * No import cycles (ARCHITECTURE §7). Unlike import-x/no-cycle this counts type-only imports too: a
 * cycle through types still ties two modules together (neither can be read, moved or split alone),
 * and `import()` as well (a lazily loaded module that imports its loader is the same knot).
 *
 * For the linted file F: one Tarjan pass from F over the import graph (F's imports from its current
 * text, every other file's from disk) gives the files that import F back; each of F's imports that
 * lands in that set closes a cycle and is reported with the path around it.
 */
const rule: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only and dynamic imports included.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{path}}. Move what both need into a module that neither imports.' },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!file || file === '<text>') return {};
    const own: { target: string; node: Node }[] = [];
    return {
      ...importVisitor((specifier, node) => {
        const target = resolveImport(file, specifier);
        if (target !== undefined && target !== file) own.push({ target, node });
      }),
      'Program:exit'() {
        if (own.length === 0) return;
        const ownTargets = [...new Set(own.map((o) => o.target))];
        const edges = (f: string) => (f === file ? ownTargets : importsOnDisk(f));
        const component = componentOf(file, edges);
        for (const { target, node } of own) {
          if (!component.has(target)) continue;
          const back = pathWithin(target, file, edges, component);
          context.report({ node, messageId: 'cycle', data: { path: [file, ...back].map((f) => shown(context.cwd, f)).join(' -> ') } });
        }
      },
    };
  },
};

/** The strongly connected component of `start` (Tarjan's algorithm, from `start` only). */
function componentOf(start: string, edges: (f: string) => string[]): Set<string> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  let result = new Set<string>();
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const members = new Set<string>();
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        members.add(w);
      } while (w !== v);
      if (v === start) result = members;
    }
  };
  visit(start);
  return result.size > 1 ? result : new Set();
}

/** The shortest import path from `from` to `to` inside the component (breadth first). */
function pathWithin(from: string, to: string, edges: (f: string) => string[], component: Set<string>): string[] {
  const previous = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const v = queue.shift()!;
    if (v === to) break;
    for (const w of edges(v)) {
      if (component.has(w) && !previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  const route: string[] = [];
  for (let v: string | null | undefined = to; v != null; v = previous.get(v)) route.unshift(v);
  return route;
}

export default rule;

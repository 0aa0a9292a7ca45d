import type { Db } from '../../db/index.ts';
import { createRfiService, type RfiDeps } from './rfi.service.ts';
import * as repo from './tasks.repo.ts';
import { createTasksService, type TasksDeps } from './tasks.service.ts';

/** Compliance tasks and RFI (decision 027): the tasks, and the requests for information that open them. */
export function createComplianceService(deps: TasksDeps & Omit<RfiDeps, 'tasks'>) {
  const tasks = createTasksService(deps);
  const rfi = createRfiService({ ...deps, tasks });
  return {
    tasks,
    rfi,
    /** For erasure (decision 018): the audit entities whose payloads hold a user's questions, answers and notes. */
    auditRefsOf: (trx: Db, userId: string) => repo.entityRefsOfUser(trx, userId),
    /** For erasure: empties those texts in `trx` (the answers' pictures go with the user's documents). */
    eraseTextOf: (trx: Db, userId: string) => repo.eraseTextOfUser(trx, userId),
  };
}

export type ComplianceService = ReturnType<typeof createComplianceService>;

import { createRfiService, type RfiDeps } from './rfi.service.ts';
import { compliancePersonalData } from './personal-data.ts';
import { createTasksService, type TasksDeps } from './tasks.service.ts';

/** Compliance tasks and RFI (decision 027): the tasks, and the requests for information that open them. */
export function createComplianceService(deps: TasksDeps & Omit<RfiDeps, 'tasks'>) {
  const tasks = createTasksService(deps);
  const rfi = createRfiService({ ...deps, tasks });
  return {
    tasks,
    rfi,
    /** What the module holds about a user, for the data export and erasure (decision 031). */
    personalData: compliancePersonalData,
  };
}

export type ComplianceService = ReturnType<typeof createComplianceService>;

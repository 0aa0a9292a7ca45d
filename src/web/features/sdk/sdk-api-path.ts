import { sdkPathOf } from '../../../shared/integration-paths.ts';
import { sdkSession } from './sdk-session.ts';

/**
 * §7: in SDK mode every private KYC call goes to its integration variant (while the tab's SDK session
 * lasts). Its own chunk with the table of those variants: main.tsx loads it only when the page starts
 * an SDK session, so the first page of everyone else does not carry the table (decision 033).
 */
export function sdkApiPath(path: string): string {
  return sdkSession() ? sdkPathOf(path) : path;
}

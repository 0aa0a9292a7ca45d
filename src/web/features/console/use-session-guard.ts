import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RetCode } from '../../../shared/ret-codes.ts';
import { isApiError } from '../../lib/http/index.ts';
import { redirectToLogin } from '../../lib/session/login-redirect.ts';
import { consoleKeys } from './api/keys.ts';

/**
 * A console read that fails because the session ended (10007: e.g. it expired while the reviewer
 * was reading a case) goes to /login and back, like the shell on entry (§4). 10009 (the account is
 * no longer a reviewer) makes the shell ask `console/me` again, which then shows "no access".
 */
export function useSessionGuard(error: unknown): boolean {
  const client = useQueryClient();
  const code = isApiError(error) ? error.retCode : undefined;
  useEffect(() => {
    if (code === RetCode.NOT_LOGGED_IN) redirectToLogin();
    else if (code === RetCode.NO_PERMISSION) void client.invalidateQueries({ queryKey: consoleKeys.me() });
  }, [code, client]);
  return code === RetCode.NOT_LOGGED_IN || code === RetCode.NO_PERMISSION;
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TransferSide, TransferStatusResult, TransferVerifyResult, TransferView } from '../../../../shared/api/identity-transfer.ts';
import { TRANSFER_PATHS } from '../../../../shared/api/transfer-paths.ts';
import { http } from '../../../lib/http/index.ts';

/** Query keys of the identity transfer page (decision 029); kyc-info is refreshed too (second_identity_state, levels). */
export const transferKeys = { status: () => ['transfer', 'status'] as const };
const KYC_PREFIX = ['kyc'] as const;

export const getTransferStatus = () => http.post<TransferStatusResult>(TRANSFER_PATHS.kycTransferStatus, {}, { silent: true });
export const useTransferStatus = () => useQuery({ queryKey: transferKeys.status(), queryFn: getTransferStatus });

/** §7 POST /v1/kyc/identity: the source's consent. */
export const startTransfer = (targetEmail: string) => http.post<TransferView>(TRANSFER_PATHS.kycIdentity, { targetEmail, consent: true }, { silent: true });

export interface VerifyInput {
  transferId: string;
  side: TransferSide;
  /** Without it the server mails a code and answers 30101 (§8). */
  code?: string;
}
/** §7 POST /v1/kyc/transfer/verify. */
export const verifyTransfer = ({ transferId, side, code }: VerifyInput) => http.post<TransferVerifyResult>(TRANSFER_PATHS.kycTransferVerify, code ? { transferId, side, code } : { transferId, side }, { silent: true });

function useRefreshing<I, R>(fn: (input: I) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: transferKeys.status() });
      void client.invalidateQueries({ queryKey: KYC_PREFIX });
    },
  });
}
export const useStartTransfer = () => useRefreshing(startTransfer);
export const useVerifyTransfer = () => useRefreshing(verifyTransfer);

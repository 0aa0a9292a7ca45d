import { useTranslation } from 'react-i18next';
import { APP_BASE } from '../../../../shared/api/paths.ts';
import { VipBusType, type MemberTagName } from '../../../../shared/extras.ts';
import { Button } from '../../../components/ui/button.tsx';
import { LazyDialog } from '../../../components/ui/lazy-dialog.tsx';
import { useDepositVerifyPopUp } from '../api/fiat-pop-up.ts';
import { useTagMember } from '../api/tag-member.ts';
import { useVipPopupInfo } from '../api/vip-popup-info.ts';

/**
 * The overview's modal pop-ups, one at a time: Satos' deposit rule first (it concerns money already
 * moving), then a VIP invitation that needs verification. Each is closed for good by its member tag.
 */
export function AccountPopups() {
  const { t } = useTranslation();
  const deposit = useDepositVerifyPopUp();
  const vip = useVipPopupInfo(VipBusType.VIP);
  const pro = useVipPopupInfo(VipBusType.PRO);
  const ack = useTagMember();
  const close = (tag: string) => ack.mutate(tag as MemberTagName);

  if (deposit.data?.show) {
    return (
      <LazyDialog
        open
        onClose={() => close(deposit.data.ackTag)}
        dismissible={false}
        showClose={false}
        title={t('extras.depositVerify.title')}
        description={t('extras.depositVerify.body')}
        footer={
          <Button variant="primary" loading={ack.isPending} onClick={() => close(deposit.data.ackTag)}>
            {t('extras.depositVerify.ack')}
          </Button>
        }
      />
    );
  }
  const invitation = vip.data?.show ? vip.data : pro.data?.show ? pro.data : undefined;
  if (!invitation) return null;
  const programme = t(`extras.vip.programmes.${invitation.bus_type}`);
  return (
    <LazyDialog
      open
      onClose={() => close(invitation.ackTag)}
      title={t('extras.vip.title', { programme })}
      description={t('extras.vip.body', { programme, tier: invitation.tier ?? '', level: invitation.requiredLevel })}
      footer={
        <>
          <Button loading={ack.isPending} onClick={() => close(invitation.ackTag)}>
            {t('extras.vip.later')}
          </Button>
          <Button variant="primary" href={`${APP_BASE}/auth/kyc?level=${invitation.requiredLevel}`}>
            {t('extras.vip.verify')}
          </Button>
        </>
      }
    />
  );
}

import { AgreementProduct, AnnouncementAudience, VipBusType } from '../../shared/extras.ts';
import { CustodyType, QuestionnaireStatus } from '../../shared/kyc.ts';
import type { Actor } from '../modules/audit/audit.service.ts';
import type { Services } from '../services.ts';

/**
 * Demo data of the account extras (issue 13, decision 025), made through the extras service like
 * everything else: the agreement texts, a referral partner, an announcement, and per demo user the
 * state that shows one pop-up or flow.
 */
const SYSTEM: Actor = { type: 'system', id: null };

export const ExtrasDemo = {
  /** Satos custody: the deposit-verify pop-up. */
  SATOS_DEPOSIT: 'SATOS_DEPOSIT',
  /** Satos custody with the move to the EU entity offered (deposit notice already acknowledged). */
  SATOS_TO_EU: 'SATOS_TO_EU',
  /** In the grey release of the new Satos onboarding (an EEA resident at level 1). */
  NEW_SATOS: 'NEW_SATOS',
  /** Invited to the VIP programme (VIP2), not verified yet: the VIP pop-up. */
  VIP_INVITED: 'VIP_INVITED',
  /** Accepted the options agreement v1; v2 is out: the "agreement changed" banner. */
  AGREEMENT_UPDATE: 'AGREEMENT_UPDATE',
} as const;
export type ExtrasDemo = (typeof ExtrasDemo)[keyof typeof ExtrasDemo];

export const DEMO_AFFILIATE = { code: 'DEMO-PARTNER', name: 'Demo Partner Ltd' } as const;

const TEXTS = {
  [AgreementProduct.OPTION]: ['Options trading agreement', 'Options are leveraged products. You can lose the premium you pay, and as a seller more than your margin. Positions may be closed automatically when your margin falls below the maintenance level.'],
  [AgreementProduct.HKG_POA]: ['Proof-of-address agreement (Hong Kong)', 'You confirm that the address document you upload is yours, issued within the last three months, and that you will tell us when you move.'],
  [AgreementProduct.SATOS_EU]: ['Bybit EU terms of service', 'Bybit EU holds your assets in segregated accounts under the law of the European Union. Your verified identity is passed on from Satos with your consent; you can ask for a copy of it at any time.'],
} as const;

/** The demo announcement, in every shipped language (issue 27: it stayed English in all of them). */
const DEMO_ANNOUNCEMENT = {
  title: 'Residence permits are accepted for level 1',
  body: 'A residence permit now verifies your identity, like an ID card or a passport.',
  translations: {
    'ar-SA': { title: 'تصاريح الإقامة مقبولة للمستوى 1', body: 'أصبح تصريح الإقامة يثبت هويتك، مثل بطاقة الهوية أو جواز السفر.' },
    'de-DE': { title: 'Aufenthaltstitel werden für Stufe 1 akzeptiert', body: 'Ein Aufenthaltstitel bestätigt jetzt Ihre Identität, wie ein Personalausweis oder ein Reisepass.' },
    'es-ES': { title: 'Se aceptan permisos de residencia para el nivel 1', body: 'Un permiso de residencia ya verifica tu identidad, como un documento de identidad o un pasaporte.' },
    'id-ID': { title: 'Izin tinggal diterima untuk level 1', body: 'Izin tinggal kini dapat memverifikasi identitas Anda, seperti KTP atau paspor.' },
    'ja-JP': { title: 'レベル1で在留カードが利用可能になりました', body: '在留カードで、身分証明書やパスポートと同じように本人確認ができるようになりました。' },
    'ko-KR': { title: '레벨 1에 거주 허가증을 사용할 수 있습니다', body: '이제 신분증이나 여권처럼 거주 허가증으로도 신원을 인증할 수 있습니다.' },
    'ru-RU': { title: 'Для уровня 1 принимаются виды на жительство', body: 'Вид на жительство теперь подтверждает личность, как удостоверение личности или паспорт.' },
    'th-TH': { title: 'รับใบอนุญาตพำนักสำหรับระดับ 1 แล้ว', body: 'ใบอนุญาตพำนักใช้ยืนยันตัวตนของคุณได้แล้ว เช่นเดียวกับบัตรประชาชนหรือหนังสือเดินทาง' },
    'tr-TR': { title: 'Seviye 1 için oturma izinleri kabul ediliyor', body: 'Oturma izni artık kimlik kartı veya pasaport gibi kimliğinizi doğrular.' },
    'vi-VN': { title: 'Chấp nhận thẻ cư trú cho cấp 1', body: 'Thẻ cư trú giờ đây xác minh danh tính của bạn, giống như thẻ căn cước hoặc hộ chiếu.' },
    'zh-CN': { title: '第 1 级现已接受居留许可', body: '居留许可现在可以像身份证或护照一样验证您的身份。' },
    'zh-HK': { title: '第 1 級現已接受居留許可', body: '居留許可現在可以像身份證或護照一樣驗證您的身份。' },
    'zh-TW': { title: '第 1 級現已接受居留許可', body: '居留許可現在可以像身分證或護照一樣驗證您的身分。' },
  },
} as const;

/** The catalogue every demo needs: one version of each agreement, the demo partner, one announcement. Idempotent. */
export async function seedExtrasCatalogue(services: Services): Promise<void> {
  const extras = services.extras;
  const published = new Set((await extras.agreements.versions()).map((v) => v.product));
  for (const [product, [title, body]] of Object.entries(TEXTS)) {
    if (!published.has(product as AgreementProduct)) await extras.agreements.publish(product as AgreementProduct, title, body, SYSTEM);
  }
  if (!(await extras.member.affiliates()).some((a) => a.code === DEMO_AFFILIATE.code)) await extras.member.addAffiliate(DEMO_AFFILIATE.code, DEMO_AFFILIATE.name, SYSTEM);
  if ((await extras.announcements.all()).length === 0) {
    await extras.announcements.publish({ ...DEMO_ANNOUNCEMENT, audience: AnnouncementAudience.ALL }, SYSTEM);
  }
}

/** Puts one demo user in the state that shows `demo`. */
export async function buildExtrasDemo(services: Services, userId: string, demo: ExtrasDemo): Promise<void> {
  const extras = services.extras;
  const reviewer: Actor = { type: 'system', id: null };
  const user: Actor = { type: 'user', id: userId, ip: '127.0.0.1' };
  switch (demo) {
    case ExtrasDemo.SATOS_DEPOSIT:
      await extras.custody.setByReviewer(userId, { custody: CustodyType.CUSTODY_SATOS, offerEuMigration: false, reason: 'demo: Satos customer' }, reviewer);
      return;
    case ExtrasDemo.SATOS_TO_EU:
      await extras.custody.setByReviewer(userId, { custody: CustodyType.CUSTODY_SATOS, offerEuMigration: true, reason: 'demo: Satos customer moving to the EU entity' }, reviewer);
      await extras.member.setTag(userId, 'SATOS_DEPOSIT_VERIFY_SEEN', '1', 'member', user);
      return;
    case ExtrasDemo.NEW_SATOS:
      await extras.member.setTag(userId, 'NEW_SATOS_GRAY', '1', 'reviewer', reviewer, 'demo: new Satos onboarding grey release');
      // Decision 052: the offer follows a passed appropriateness test; the demo user has passed it.
      if ((await services.questionnaires.querySatos(userId)).status !== QuestionnaireStatus.QUESTIONNAIRE_STATUS_APPROVED) {
        const { requestId } = await services.questionnaires.createSatos(userId, {}, user);
        await services.questionnaires.submit(userId, { request_id: requestId!, answers: { limit: 'limit_price', fees: 'fees_both', seed: 'seed_secret', diversify: 'div_spread' } }, user);
      }
      return;
    case ExtrasDemo.VIP_INVITED:
      await extras.member.setVip(userId, VipBusType.VIP, 'VIP2', reviewer);
      return;
    case ExtrasDemo.AGREEMENT_UPDATE: {
      const [option] = await extras.agreements.query(userId, [AgreementProduct.OPTION]);
      if (option?.current) await extras.agreements.apply(userId, AgreementProduct.OPTION, option.current.version, user);
      await extras.agreements.publish(AgreementProduct.OPTION, 'Options trading agreement (2026 update)', `${TEXTS.OPTION[1]} From this version, options expire at 08:00 UTC.`, SYSTEM);
      return;
    }
  }
}

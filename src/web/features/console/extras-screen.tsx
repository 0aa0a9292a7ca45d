import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsoleTitle } from './use-console-title.ts';
import { Link } from 'wouter';
import type { ConsoleMemberView } from '../../../shared/api/extras-console.ts';
import { AGREEMENT_PRODUCTS, AnnouncementAudience, MEMBER_TAG_NAMES, VIP_BUS_TYPES, VIP_TIERS, type AgreementProduct, type MemberTagName, type VipBusType, type VipTier } from '../../../shared/extras.ts';
import { CustodyType } from '../../../shared/kyc.ts';
import { ConsoleRole, hasConsoleRole } from '../../../shared/staff.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { LoadError } from '../../components/ui/load-states.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { errorMessage } from '../../lib/i18n/error-message.ts';
import { message } from '../../lib/notify/index.ts';
import {
  useAddAffiliate,
  useAffiliates,
  useAgreementVersions,
  useAnnouncements,
  useConsoleMember,
  useLookupMember,
  usePublishAgreement,
  usePublishAnnouncement,
  useSetMemberCustody,
  useSetMemberTag,
  useSetMemberVip,
  useWithdrawAnnouncement,
} from './api/extras.ts';
import { useConsoleMe } from './api/get-console-me.ts';
import { AnnouncementTranslationsFields, translationsOf, type TranslationDrafts } from './components/announcement-translations.tsx';
import { Textarea } from './components/textarea.tsx';
import { formatDateTime } from './format.ts';

/** Runs a change, then says how it went (`said`: what to say of the reply; the server's refusal in words). */
function useReport() {
  const { t } = useTranslation();
  return async <R,>(run: () => Promise<R>, done: () => void = () => {}, said: (reply: R) => string = () => t('extras.console.saved')) => {
    try {
      const reply = await run();
      message({ content: said(reply), type: 'success' });
      done();
    } catch (e) {
      message({ content: errorMessage(t, e), type: 'error' });
    }
  };
}

function Form({ onSubmit, children, label }: { onSubmit: () => void; children: ReactNode; label: string }) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form aria-label={label} onSubmit={submit} noValidate className="mt-3 flex flex-wrap items-end gap-3">
      {children}
    </form>
  );
}

/**
 * Tag changes that lower a duty and wait for their second look (decision 036): each links to its
 * case, where another senior reviewer confirms it or sends it back.
 */
function TagChanges({ changes }: { changes: ConsoleMemberView['tagChanges'] }) {
  const { t, i18n } = useTranslation();
  if (changes.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1 text-sm" data-testid="member-tag-changes" aria-label={t('extras.console.tagChanges')}>
      {changes.map((c) => (
        <li key={c.id}>
          {t('extras.console.tagChangePending', { tag: c.tagName, value: c.value, email: c.requestedBy.email, at: formatDateTime(c.requestedAt, i18n.language) })}{' '}
          <Link href={`/cases/${encodeURIComponent(c.caseId)}`} className="font-medium text-primary-ink underline underline-offset-2">
            {t('extras.console.openCase')}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A member's tags (KYC '1' included), custody and VIP invitation: what reviewers manage. */
function Member({ id }: { id: string }) {
  const { t } = useTranslation();
  const member = useConsoleMember(id);
  const setTag = useSetMemberTag();
  const setCustody = useSetMemberCustody();
  const setVip = useSetMemberVip();
  const report = useReport();
  const [tag, setTagName] = useState<MemberTagName>('KYC');
  const [value, setValue] = useState('1');
  const [reason, setReason] = useState('');
  const [custody, setCustodyType] = useState<CustodyType>(CustodyType.CUSTODY_SATOS);
  const [offerEu, setOfferEu] = useState(false);
  const [custodyReason, setCustodyReason] = useState('');
  const [busType, setBusType] = useState<VipBusType>('vip');
  const [tier, setTier] = useState<VipTier | ''>('VIP1');
  if (member.isPending) return <Skeleton className="h-32 w-full" />;
  if (member.isError) return <LoadError title={t('extras.console.memberError')} error={member.error} onRetry={() => void member.refetch()} />;
  const m = member.data;
  return (
    <Card title={m.email} headingLevel={3} description={t('extras.console.memberFacts', { level: m.level, country: m.residenceCountry || '–', custody: m.custody.custody })} data-testid="console-member">
      <p className="text-sm" data-testid="member-tags">
        {t('extras.console.tags')}: {Object.entries(m.member_tag).map(([k, v]) => `${k}=${v}`).join(', ') || '–'}
      </p>
      <TagChanges changes={m.tagChanges} />
      <Form
        label={t('extras.console.setTag')}
        onSubmit={() =>
          void report(
            () => setTag.mutateAsync({ id, body: { tagName: tag, value, reason } }),
            () => setReason(''),
            // Decision 036: a change that lowers a duty comes back as a proposal, not as the tag.
            (after) => (after.member_tag[tag] !== value && after.tagChanges.some((c) => c.tagName === tag && c.value === value) ? t('extras.console.proposed') : t('extras.console.saved')),
          )
        }
      >
        <Field label={t('extras.console.tagName')}>
          <Select value={tag} onChange={(e) => setTagName(e.target.value as MemberTagName)} options={MEMBER_TAG_NAMES.map((n) => ({ value: n, label: n }))} />
        </Field>
        <Field label={t('extras.console.tagValue')} hint={t('extras.console.tagValueHint')}>
          <TextInput value={value} onChange={(e) => setValue(e.target.value)} className="w-20" />
        </Field>
        <Field label={t('extras.console.reason')}>
          <TextInput value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <Button type="submit" variant="primary" loading={setTag.isPending} disabled={!reason.trim()}>
          {t('extras.console.setTag')}
        </Button>
      </Form>
      <p className="mt-1 text-xs text-muted">{t('extras.console.lowersHint')}</p>
      <Form label={t('extras.console.setCustody')} onSubmit={() => void report(() => setCustody.mutateAsync({ id, body: { custody, offerEuMigration: offerEu, reason: custodyReason } }), () => setCustodyReason(''))}>
        <Field label={t('extras.console.custody')}>
          <Select value={custody} onChange={(e) => setCustodyType(e.target.value as CustodyType)} options={Object.values(CustodyType).map((c) => ({ value: c, label: c }))} />
        </Field>
        <Checkbox label={t('extras.console.offerEu')} checked={offerEu} onChange={(e) => setOfferEu(e.target.checked)} />
        <Field label={t('extras.console.reason')}>
          <TextInput value={custodyReason} onChange={(e) => setCustodyReason(e.target.value)} />
        </Field>
        <Button type="submit" variant="primary" loading={setCustody.isPending} disabled={!custodyReason.trim()}>
          {t('extras.console.setCustody')}
        </Button>
      </Form>
      <p className="mt-3 text-sm" data-testid="member-vip">
        {t('extras.console.vip')}: {m.vip.map((v) => `${v.bus_type} ${v.tier}`).join(', ') || '–'}
      </p>
      <Form label={t('extras.console.setVip')} onSubmit={() => void report(() => setVip.mutateAsync({ id, body: { bus_type: busType, tier: tier === '' ? null : tier } }))}>
        <Field label={t('extras.console.busType')}>
          <Select value={busType} onChange={(e) => setBusType(e.target.value as VipBusType)} options={VIP_BUS_TYPES.map((b) => ({ value: b, label: b }))} />
        </Field>
        <Field label={t('extras.console.tier')}>
          <Select value={tier} onChange={(e) => setTier(e.target.value as VipTier | '')} options={[{ value: '', label: t('extras.console.noInvitation') }, ...VIP_TIERS.map((x) => ({ value: x, label: x }))]} />
        </Field>
        <Button type="submit" variant="primary" loading={setVip.isPending}>
          {t('extras.console.setVip')}
        </Button>
      </Form>
      <p className="mt-3 text-sm">
        {t('extras.console.affiliate')}: {m.affiliate ? `${m.affiliate.affCode} (${m.affiliate.affiliateName})` : '–'}
      </p>
      <p className="mt-1 text-sm">
        {t('extras.console.agreements')}: {m.agreements.map((a) => `${a.product} ${a.accepted ? `v${a.accepted.version}` : '–'}/${a.currentVersion ?? '–'}`).join(', ')}
      </p>
    </Card>
  );
}

function Members() {
  const { t } = useTranslation();
  const lookup = useLookupMember();
  const [email, setEmail] = useState('');
  return (
    <Card title={t('extras.console.members')}>
      <Form label={t('extras.console.find')} onSubmit={() => email.trim() && lookup.mutate(email.trim())}>
        <Field label={t('extras.console.email')} error={lookup.isError ? errorMessage(t, lookup.error) : undefined}>
          <TextInput type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Button type="submit" loading={lookup.isPending}>
          {t('extras.console.find')}
        </Button>
      </Form>
      {lookup.data ? (
        <div className="mt-4">
          <Member key={lookup.data.id} id={lookup.data.id} />
        </div>
      ) : null}
    </Card>
  );
}

function Announcements({ admin }: { admin: boolean }) {
  const { t, i18n } = useTranslation();
  const list = useAnnouncements();
  const publish = usePublishAnnouncement();
  const withdraw = useWithdrawAnnouncement();
  const report = useReport();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [audience, setAudience] = useState<AnnouncementAudience>('ALL');
  const [drafts, setDrafts] = useState<TranslationDrafts>({});
  const { translations, incomplete } = translationsOf(drafts);
  return (
    <Card title={t('extras.console.announcements')}>
      {list.isError ? <LoadError title={t('extras.console.announcements')} error={list.error} onRetry={() => void list.refetch()} /> : null}
      <ul className="flex flex-col gap-2 text-sm">
        {(list.data?.items ?? []).map((n) => (
          <li key={n.id} className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-2" data-testid="console-announcement">
            <span>
              <strong>{n.title}</strong> · {n.audience} · {formatDateTime(n.publishedAt, i18n.language)} · {t('extras.console.acks', { n: n.acknowledgements })}
              {n.translations && Object.keys(n.translations).length > 0 ? ` · ${t('extras.console.translatedInto', { languages: Object.keys(n.translations).join(', ') })}` : ''}
              {n.withdrawnAt ? ` · ${t('extras.console.withdrawn')}` : ''}
            </span>
            {admin && !n.withdrawnAt ? (
              <Button size="small" onClick={() => void report(() => withdraw.mutateAsync(n.id))}>
                {t('extras.console.withdraw')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {admin ? (
        <Form
          label={t('extras.console.publishAnnouncement')}
          onSubmit={() =>
            void report(
              () => publish.mutateAsync({ title, body, audience, ...(Object.keys(translations).length > 0 ? { translations } : {}) }),
              () => {
                setTitle('');
                setBody('');
                setDrafts({});
              },
            )
          }
        >
          <Field label={t('extras.console.heading')}>
            <TextInput value={title} onChange={(e) => setTitle(e.target.value)} />
          </Field>
          <Field label={t('extras.console.audience')}>
            <Select value={audience} onChange={(e) => setAudience(e.target.value as AnnouncementAudience)} options={Object.values(AnnouncementAudience).map((a) => ({ value: a, label: t(`extras.console.audiences.${a}`) }))} />
          </Field>
          <Field label={t('extras.console.body')} className="w-full">
            <Textarea value={body} onChange={(e) => setBody(e.target.value)} />
          </Field>
          <AnnouncementTranslationsFields value={drafts} onChange={setDrafts} />
          <Button type="submit" variant="primary" loading={publish.isPending} disabled={!title.trim() || !body.trim() || incomplete.length > 0}>
            {t('extras.console.publish')}
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}

function Agreements({ admin }: { admin: boolean }) {
  const { t, i18n } = useTranslation();
  const list = useAgreementVersions();
  const publish = usePublishAgreement();
  const report = useReport();
  const [product, setProduct] = useState<AgreementProduct>('OPTION');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  return (
    <Card title={t('extras.console.agreementVersions')}>
      {list.isError ? <LoadError title={t('extras.console.agreementVersions')} error={list.error} onRetry={() => void list.refetch()} /> : null}
      <ul className="flex flex-col gap-1 text-sm">
        {(list.data?.items ?? []).map((v) => (
          <li key={`${v.product}-${v.version}`} data-testid="console-agreement-version">
            {v.product} v{v.version} · {v.title} · {formatDateTime(v.publishedAt, i18n.language)} · {t('extras.console.acceptances', { n: v.acceptances })}
          </li>
        ))}
      </ul>
      {admin ? (
        <Form label={t('extras.console.publishAgreement')} onSubmit={() => void report(() => publish.mutateAsync({ product, title, body }), () => { setTitle(''); setBody(''); })}>
          <Field label={t('extras.console.product')}>
            <Select value={product} onChange={(e) => setProduct(e.target.value as AgreementProduct)} options={AGREEMENT_PRODUCTS.map((p) => ({ value: p, label: p }))} />
          </Field>
          <Field label={t('extras.console.heading')}>
            <TextInput value={title} onChange={(e) => setTitle(e.target.value)} />
          </Field>
          <Field label={t('extras.console.body')} className="w-full">
            <Textarea value={body} onChange={(e) => setBody(e.target.value)} />
          </Field>
          <Button type="submit" variant="primary" loading={publish.isPending} disabled={!title.trim() || !body.trim()}>
            {t('extras.console.publish')}
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}

function Affiliates({ admin }: { admin: boolean }) {
  const { t } = useTranslation();
  const list = useAffiliates();
  const add = useAddAffiliate();
  const report = useReport();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  return (
    <Card title={t('extras.console.affiliates')}>
      <ul className="flex flex-col gap-1 text-sm">
        {(list.data?.items ?? []).map((a) => (
          <li key={a.code}>
            {a.code} · {a.name} · {t('extras.console.membersCount', { n: a.members })}
          </li>
        ))}
      </ul>
      {admin ? (
        <Form label={t('extras.console.addAffiliate')} onSubmit={() => void report(() => add.mutateAsync({ code, name }), () => { setCode(''); setName(''); })}>
          <Field label={t('extras.console.code')}>
            <TextInput value={code} onChange={(e) => setCode(e.target.value)} />
          </Field>
          <Field label={t('extras.console.name')}>
            <TextInput value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Button type="submit" variant="primary" loading={add.isPending} disabled={!code.trim() || !name.trim()}>
            {t('extras.console.addAffiliate')}
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}

/**
 * Account extras in the console (decision 025): reviewers find a member and manage their tags,
 * custody and VIP invitation; administrators also publish announcements and agreement versions and
 * add referral partners (others see the lists).
 */
export default function ExtrasScreen() {
  const { t } = useTranslation();
  useConsoleTitle(t('extras.console.title'));
  const me = useConsoleMe();
  const admin = me.data ? hasConsoleRole(me.data.role, ConsoleRole.ADMINISTRATOR) : false;
  return (
    <section aria-labelledby="console-extras-title" className="flex flex-col gap-4">
      <h1 id="console-extras-title" className="text-xl font-semibold">
        {t('extras.console.title')}
      </h1>
      <Members />
      <Announcements admin={admin} />
      <Agreements admin={admin} />
      <Affiliates admin={admin} />
    </section>
  );
}

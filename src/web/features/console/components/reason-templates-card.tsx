import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REASON_TEMPLATE_MAX_LENGTH, type SaveReasonTemplateRequest } from '../../../../shared/api/reason-templates.ts';
import { SHIPPED_LANGUAGES } from '../../../../shared/languages.ts';
import { REJECT_REASON_CODES, type RejectReasonCode } from '../../../../shared/review-reasons.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { LoadError, LoadingBlock } from '../../../components/ui/load-states.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { errorMessage, fieldIssues, validationMessage } from '../../../lib/i18n/error-message.ts';
import { languageName } from '../../../lib/i18n/language-names.ts';
import { message } from '../../../lib/notify/index.ts';
import { useConsoleReasonTemplates, useSaveReasonTemplate } from '../api/reason-templates.ts';
import { Textarea } from './textarea.tsx';

/**
 * Administrators' message templates per reject reason (decision 052): pick a reason and a language,
 * write the message (empty: none). The user reads each reason's template in their language; the
 * reject form starts the reviewer's message from them. Each language shows whether it has one.
 */
export function ReasonTemplatesCard() {
  const { t } = useTranslation();
  const templates = useConsoleReasonTemplates();
  const save = useSaveReasonTemplate();
  const [reasonCode, setReasonCode] = useState<RejectReasonCode>(REJECT_REASON_CODES[0]!);
  const [language, setLanguage] = useState<string>('en');
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  if (templates.isPending) return <LoadingBlock />;
  if (templates.isError) return <LoadError title={t('console.reasonTemplates.title')} error={templates.error} onRetry={() => void templates.refetch()} />;
  const list = templates.data.templates;
  const stored = list.find((x) => x.reasonCode === reasonCode && x.language === language)?.text ?? '';
  const key = `${reasonCode}:${language}`;
  const text = drafts[key] ?? stored;
  const label = t('console.reasonTemplates.text');
  const written = new Set(list.filter((x) => x.reasonCode === reasonCode).map((x) => x.language));

  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync({ reasonCode, language: language as SaveReasonTemplateRequest['language'], text });
      setDrafts(({ [key]: _, ...rest }) => rest);
      message({ content: t('console.reasonTemplates.saved'), type: 'success' });
    } catch (err) {
      const issue = fieldIssues(err)[0];
      setError(issue ? validationMessage(t, issue.code, label, { max: REASON_TEMPLATE_MAX_LENGTH, ...(issue.params ?? {}) }) : errorMessage(t, err));
    }
  };

  return (
    <div className="flex flex-col gap-4" data-testid="reason-templates">
      <p className="text-sm text-muted">{t('console.reasonTemplates.intro')}</p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label={t('console.reasonTemplates.reason')}>
          <Select value={reasonCode} onChange={(e) => setReasonCode(e.target.value as RejectReasonCode)} options={REJECT_REASON_CODES.map((code) => ({ value: code, label: t(`kyc-reasons.${code}.title`) }))} />
        </Field>
        <Field label={t('console.reasonTemplates.language')}>
          <Select
            value={language}
            onChange={(e) => setLanguage(e.target.value)}
            options={SHIPPED_LANGUAGES.map((l) => ({ value: l, label: `${languageName(l)}${written.has(l) ? ' ✓' : ''}` }))}
          />
        </Field>
      </div>
      <Field label={label} hint={t('console.reasonTemplates.hint', { max: REASON_TEMPLATE_MAX_LENGTH })} error={error ?? undefined}>
        <Textarea dir="auto" lang={language} maxLength={REASON_TEMPLATE_MAX_LENGTH} value={text} onChange={(e) => setDrafts((d) => ({ ...d, [key]: e.target.value }))} />
      </Field>
      <div>
        <Button variant="primary" loading={save.isPending} disabled={text === stored} onClick={() => void submit()}>
          {t('console.reasonTemplates.save')}
        </Button>
      </div>
      {save.isError && !error ? <Alert variant="error">{errorMessage(t, save.error)}</Alert> : null}
    </div>
  );
}

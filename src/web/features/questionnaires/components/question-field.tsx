import { useTranslation } from 'react-i18next';
import type { EvidenceView } from '../../../../shared/api/questionnaires.ts';
import { QuestionType, textKeys, type AnswerValue, type Question } from '../../../../shared/questionnaires/model.ts';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { DateInput, todayIso } from '../../../components/ui/date-input.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { countryOptions } from '../model/country-options.ts';
import { EvidenceField } from './evidence-field.tsx';

export interface QuestionFieldProps {
  code: string;
  question: Question;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue | undefined) => void;
  /** The translated problem, if any. */
  error?: string | undefined;
  /** FILE questions: the attempt and its stored files. */
  requestId: string;
  evidence: readonly EvidenceView[];
  onEvidenceChange: (files: string[]) => void;
}

const textarea =
  'min-h-24 w-full rounded-input border border-line-strong bg-white px-3 py-2 text-base text-ink placeholder:text-muted focus-visible:focus-ring aria-[invalid=true]:border-danger';

/**
 * One question of any template, drawn from its type (shared/questionnaires/model.ts): each control
 * has its label (the question), its hint and its error wired for screen readers, and follows the UI
 * kit (native inputs, 40 px targets, logical properties).
 */
export function QuestionField({ code, question: q, value, onChange, error, requestId, evidence, onEvidenceChange }: QuestionFieldProps) {
  const { t, i18n } = useTranslation();
  const label = t(textKeys.question(code, q.id));
  const hint = q.hint ? t(textKeys.hint(code, q.id)) : undefined;
  const required = q.required !== false;
  const optionLabel = (o: string) => t(textKeys.option(code, o));
  const fieldId = `q-${q.id}`;

  switch (q.type) {
    case QuestionType.SINGLE:
    case QuestionType.YES_NO: {
      const options = (q.type === QuestionType.YES_NO ? ['yes', 'no'] : (q.options ?? [])).map((o) => ({ value: o, label: optionLabel(o) }));
      return (
        <RadioGroup
          legend={label}
          name={fieldId}
          options={options}
          value={typeof value === 'string' ? value : null}
          onValueChange={(v) => onChange(v)}
          hint={hint}
          error={error}
          required={required}
          columns={q.type === QuestionType.YES_NO ? 2 : 1}
        />
      );
    }
    case QuestionType.MULTI: {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <fieldset aria-invalid={error ? true : undefined} aria-describedby={joinDescribed(fieldId, hint, error)} className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0">
          <legend className="mb-2 p-0 text-sm font-medium text-ink">{label}</legend>
          {hint ? (
            <p id={`${fieldId}-hint`} className="text-sm text-muted">
              {hint}
            </p>
          ) : null}
          {(q.options ?? []).map((o) => (
            <Checkbox
              key={o}
              label={optionLabel(o)}
              checked={chosen.includes(o)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, o] : chosen.filter((x) => x !== o))}
            />
          ))}
          {error ? (
            <p id={`${fieldId}-error`} className="text-sm text-danger">
              {error}
            </p>
          ) : null}
        </fieldset>
      );
    }
    case QuestionType.TEXT:
      return (
        <Field label={label} hint={hint} error={error} required={required} optional={!required} id={fieldId}>
          {(q.maxLength ?? 500) > 200 ? (
            <textarea
              id={fieldId}
              className={textarea}
              maxLength={q.maxLength ?? 500}
              value={typeof value === 'string' ? value : ''}
              aria-invalid={error ? true : undefined}
              aria-describedby={joinDescribed(fieldId, hint, error)}
              onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
            />
          ) : (
            <TextInput maxLength={q.maxLength ?? 200} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)} />
          )}
        </Field>
      );
    case QuestionType.NUMBER:
      return (
        <Field label={label} hint={hint} error={error} required={required} optional={!required} id={fieldId}>
          <TextInput
            type="number"
            inputMode="decimal"
            min={q.min}
            max={q.max}
            value={typeof value === 'number' ? String(value) : ''}
            onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
          />
        </Field>
      );
    case QuestionType.DATE:
      return (
        <Field label={label} hint={hint} error={error} required={required} optional={!required} id={fieldId}>
          <DateInput max={q.future ? undefined : todayIso()} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)} />
        </Field>
      );
    case QuestionType.COUNTRY:
      return (
        <Field label={label} hint={hint} error={error} required={required} optional={!required} id={fieldId}>
          <Select
            placeholder={t('questionnaires.ui.choose')}
            options={countryOptions(i18n.language)}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
          />
        </Field>
      );
    case QuestionType.DECLARATION:
      return <Checkbox id={fieldId} label={label} description={hint} error={error} checked={value === true} onChange={(e) => onChange(e.target.checked ? true : undefined)} />;
    case QuestionType.FILE:
      return (
        <EvidenceField
          id={fieldId}
          label={label}
          hint={hint}
          error={error}
          max={q.maxFiles ?? 3}
          requestId={requestId}
          questionId={q.id}
          files={(Array.isArray(value) ? value : []).map((id) => evidence.find((e) => e.id === id) ?? { id, questionId: q.id, createdAt: '', byteSize: 0 })}
          onChange={onEvidenceChange}
        />
      );
  }
  return null;
}

function joinDescribed(id: string, hint: string | undefined, error: string | undefined): string | undefined {
  return [hint && !error ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

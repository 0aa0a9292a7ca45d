import { zodResolver } from '@hookform/resolvers/zod';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from '../../../shared/zod.ts';
import { Checkbox } from './checkbox.tsx';
import { DateInput, todayIso } from './date-input.tsx';
import { Field } from './field.tsx';
import { RadioGroup } from './radio-group.tsx';
import { Select } from './select.tsx';
import { renderUi } from './test-i18n.tsx';
import { TextInput } from './text-input.tsx';

describe('Field wiring', () => {
  it('labels the control and describes it with the hint', () => {
    renderUi(
      <Field label="First name" hint="As on your ID">
        <TextInput />
      </Field>,
    );
    const input = screen.getByLabelText('First name');
    expect(input).toHaveAccessibleDescription('As on your ID');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('with an error: aria-invalid, the error as description (replacing the hint)', () => {
    renderUi(
      <Field label="First name" hint="As on your ID" error="First name is required" required>
        <TextInput />
      </Field>,
    );
    const input = screen.getByLabelText(/First name/);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAccessibleDescription('First name is required');
    expect(screen.queryByText('As on your ID')).toBeNull();
  });

  it('keeps the control’s own aria-describedby and id', () => {
    renderUi(
      <>
        <p id="extra">Extra</p>
        <Field label="Mobile" hint="Digits only" id="mobile">
          <TextInput aria-describedby="extra" prefix="+44" />
        </Field>
      </>,
    );
    const input = screen.getByLabelText('Mobile');
    expect(input).toHaveAttribute('id', 'mobile');
    expect(input).toHaveAccessibleDescription('Digits only Extra');
  });

  it('wires Select and DateInput the same way, and says "(optional)"', () => {
    renderUi(
      <>
        <Field label="Country" error="Country is required">
          <Select placeholder="Select…" options={[{ value: 'DE', label: 'Germany' }]} defaultValue="" />
        </Field>
        <Field label="Date of birth" optional>
          <DateInput max="2020-01-01" />
        </Field>
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveAccessibleDescription('Country is required');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveAttribute('aria-invalid', 'true');
    const date = screen.getByLabelText(/Date of birth/);
    expect(date).toHaveAttribute('type', 'date');
    expect(date).toHaveAttribute('max', '2020-01-01');
    expect(screen.getByText('(optional)')).toBeInTheDocument();
  });

  it('todayIso() formats the local date as YYYY-MM-DD', () => {
    expect(todayIso(new Date(2024, 0, 5))).toBe('2024-01-05');
  });
});

const schema = z.object({
  firstName: z.string().min(1, 'required'),
  country: z.string().min(1, 'required'),
  documentType: z.enum(['PASSPORT', 'ID_CARD'], { message: 'required' }),
  consent: z.literal(true, { message: 'required' }),
});
type Values = z.infer<typeof schema>;

function KycForm({ onValid }: { onValid: (v: Values) => void }) {
  const { register, handleSubmit, formState } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { firstName: '', country: '' } });
  const e = formState.errors;
  return (
    <form noValidate onSubmit={handleSubmit(onValid)}>
      <Field label="First name" error={e.firstName && 'First name is required'}>
        <TextInput {...register('firstName')} />
      </Field>
      <Field label="Country" error={e.country && 'Country is required'}>
        <Select placeholder="Select…" options={[{ value: 'DE', label: 'Germany' }, { value: 'FR', label: 'France' }]} {...register('country')} />
      </Field>
      <RadioGroup
        legend="Document type"
        options={[
          { value: 'PASSPORT', label: 'Passport', description: 'Photo page' },
          { value: 'ID_CARD', label: 'ID card', description: 'Both sides' },
        ]}
        error={e.documentType && 'Choose a document'}
        {...register('documentType')}
      />
      <Checkbox label="I agree" error={e.consent && 'You must agree'} {...register('consent')} />
      <button type="submit">Continue</button>
    </form>
  );
}

describe('form building blocks with react-hook-form', () => {
  it('shows errors on the right controls, then submits the chosen values', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    renderUi(<KycForm onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true'));
    // react-hook-form focuses the first invalid field through the ref TextInput passes on.
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveAccessibleDescription('Country is required');
    const group = screen.getByRole('radiogroup', { name: 'Document type' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Choose a document');
    expect(screen.getByRole('checkbox', { name: 'I agree' })).toHaveAccessibleDescription('You must agree');
    expect(onValid).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'FR');
    await user.click(screen.getByText('ID card'));
    expect(screen.getByRole('radio', { name: 'ID card' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'ID card' })).toHaveAccessibleDescription('Both sides');
    await user.click(screen.getByText('I agree'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]![0]).toEqual({ firstName: 'Ada', country: 'FR', documentType: 'ID_CARD', consent: true });
  });

  it('RadioGroup works controlled, reporting the chosen value', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    renderUi(
      <RadioGroup
        legend="Level"
        name="level"
        value="1"
        onValueChange={onValueChange}
        options={[
          { value: '1', label: 'Level 1' },
          { value: '2', label: 'Level 2', disabled: true },
          { value: '3', label: 'Level 3' },
        ]}
      />,
    );
    expect(screen.getByRole('radio', { name: 'Level 1' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Level 2' })).toBeDisabled();
    await user.click(screen.getByText('Level 3'));
    expect(onValueChange).toHaveBeenCalledWith('3');
  });
});

describe('register() spreads onto every control (types included)', () => {
  it('accepts the full register() result, min/max rules too', () => {
    function Dob() {
      const { register } = useForm<{ dob: string; note: string }>();
      return (
        <>
          <Field label="Date of birth">
            <DateInput max={todayIso()} {...register('dob', { required: true, min: '1900-01-01', max: '2100-01-01' })} />
          </Field>
          <Field label="Note">
            <TextInput {...register('note', { maxLength: 10, minLength: 2 })} />
          </Field>
        </>
      );
    }
    renderUi(<Dob />);
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('name', 'dob');
    expect(screen.getByLabelText('Note')).toHaveAttribute('name', 'note');
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useSmallForm, type Validation } from './small-form.ts';

type Values = { first: string; country: string; city: string };
const FIELDS = ['first', 'country', 'city'] as const;

async function validate(values: Values): Promise<Validation<Values, Values>> {
  const errors: Partial<Values> = {};
  if (!values.first.trim()) errors.first = 'first.required';
  if (!values.country) errors.country = 'country.required';
  if (values.country === 'DE' && !values.city) errors.city = 'city.required';
  return Object.keys(errors).length ? { errors } : { values: { ...values, first: values.first.trim() } };
}

function Form({ onValid, initial = { first: '', country: '', city: '' } }: { onValid: (v: Values) => void; initial?: Values }) {
  const form = useSmallForm<Values, Values>({ defaultValues: initial, fields: FIELDS, validate, watch: ['country'] });
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <label>
        First <input {...form.register('first')} aria-invalid={Boolean(form.errors.first)} />
      </label>
      <label>
        Country
        <select {...form.register('country')}>
          <option value="">-</option>
          <option value="DE">DE</option>
          <option value="FR">FR</option>
        </select>
      </label>
      <label>
        City <input {...form.register('city')} />
      </label>
      <p data-testid="errors">{Object.values(form.errors).join(',')}</p>
      <p data-testid="watched">{form.watched('country')}</p>
      <button type="button" onClick={() => form.reset(initial)}>
        Reset
      </button>
      <button type="submit">Send</button>
    </form>
  );
}

describe('useSmallForm', () => {
  it('validates on submit, focuses the first field in error, then checks each changed field again', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    await user.type(screen.getByLabelText('City'), 'x');
    expect(screen.getByTestId('errors')).toHaveTextContent(''); // nothing said before a submit
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByTestId('errors')).toHaveTextContent('first.required,country.required'));
    expect(screen.getByLabelText('First')).toHaveFocus();
    expect(screen.getByLabelText('First')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('First'), ' Ada ');
    await waitFor(() => expect(screen.getByTestId('errors')).toHaveTextContent('country.required'));
    await user.selectOptions(screen.getByLabelText('Country'), 'DE');
    expect(screen.getByTestId('watched')).toHaveTextContent('DE');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ first: 'Ada', country: 'DE', city: 'x' }));
  });

  it('starts from its values, selects included, and reset puts them back without errors', async () => {
    const user = userEvent.setup();
    render(<Form onValid={vi.fn()} initial={{ first: 'Bo', country: 'FR', city: '' }} />);
    expect(screen.getByLabelText('First')).toHaveValue('Bo');
    expect(screen.getByLabelText('Country')).toHaveValue('FR');
    await user.clear(screen.getByLabelText('First'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByTestId('errors')).toHaveTextContent('first.required'));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByLabelText('First')).toHaveValue('Bo');
    expect(screen.getByTestId('errors')).toHaveTextContent('');
  });
});

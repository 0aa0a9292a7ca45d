import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
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

  it('gives each field one registration, so its ref is not called again on every render', () => {
    const { result, rerender } = renderHook(() => useSmallForm<Values, Values>({ defaultValues: { first: 'a', country: '', city: '' }, fields: FIELDS, validate }));
    const first = result.current.register('first');
    rerender();
    expect(result.current.register('first')).toBe(first);
    expect(result.current.register('city')).not.toBe(first);
    const input = document.createElement('input');
    first.ref(input);
    expect(input.value).toBe('a'); // the element is given the form's value when it is attached
    expect(first.name).toBe('first');
  });

  it('validates with the validate of the latest render, though the handlers were made at the first', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    // The rule depends on state: "strict" requires a city for every country.
    function Switching() {
      const [strict, setStrict] = useState(false);
      const form = useSmallForm<Values, Values>({
        defaultValues: { first: '', country: '', city: '' },
        fields: FIELDS,
        validate: async (values) => {
          const base = await validate(values);
          return strict && !values.city ? { errors: { ...base.errors, city: 'city.strict' } } : base;
        },
      });
      return (
        <form noValidate onSubmit={form.handleSubmit(onValid)}>
          <label>
            First <input {...form.register('first')} />
          </label>
          <label>
            Country <input {...form.register('country')} />
          </label>
          <label>
            City <input {...form.register('city')} />
          </label>
          <p data-testid="errors">{Object.values(form.errors).join(',')}</p>
          <button type="button" onClick={() => setStrict(true)}>
            Strict
          </button>
          <button type="submit">Send</button>
        </form>
      );
    }
    render(<Switching />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByTestId('errors')).toHaveTextContent('first.required,country.required'));
    await user.click(screen.getByRole('button', { name: 'Strict' }));
    // A change after the switch is checked with the new rule (the field's own error only).
    await user.type(screen.getByLabelText('City'), 'x');
    await user.clear(screen.getByLabelText('City'));
    await waitFor(() => expect(screen.getByTestId('errors')).toHaveTextContent('first.required,country.required,city.strict'));
    await user.type(screen.getByLabelText('First'), 'Ada');
    await user.type(screen.getByLabelText('Country'), 'FR');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByTestId('errors')).toHaveTextContent('city.strict'));
    expect(screen.getByLabelText('City')).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('focuses the first field in error in the order of `fields`, not of the page', async () => {
    const user = userEvent.setup();
    function Reordered() {
      const form = useSmallForm<Values, Values>({ defaultValues: { first: '', country: '', city: '' }, fields: ['country', 'first', 'city'], validate });
      return (
        <form noValidate onSubmit={form.handleSubmit(vi.fn())}>
          <label>
            First <input {...form.register('first')} />
          </label>
          <label>
            Country <input {...form.register('country')} />
          </label>
          <button type="submit">Send</button>
        </form>
      );
    }
    render(<Reordered />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByLabelText('Country')).toHaveFocus());
  });

  it("setError takes react-hook-form's { message } shape, focuses when asked, and reports isSubmitting while onValid runs", async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    function Server() {
      const form = useSmallForm<Values, Values>({ defaultValues: { first: 'Ada', country: 'FR', city: '' }, fields: FIELDS, validate });
      return (
        <form noValidate onSubmit={form.handleSubmit(() => new Promise<void>((resolve) => (finish = resolve)))}>
          <label>
            First <input {...form.register('first')} />
          </label>
          <label>
            City <input {...form.register('city')} />
          </label>
          <p data-testid="errors">{Object.values(form.errors).join(',')}</p>
          <p data-testid="submitting">{String(form.isSubmitting)}</p>
          <button type="submit">Send</button>
          <button type="button" onClick={() => form.setError('city', { message: 'server.city' }, { shouldFocus: true })}>
            City refused
          </button>
          <button type="button" onClick={() => form.setError('first', { message: 'server.first' })}>
            First refused
          </button>
          <button type="button" onClick={() => form.setFocus('first')}>
            Go to first
          </button>
        </form>
      );
    }
    render(<Server />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByTestId('submitting')).toHaveTextContent('true'));
    act(() => finish());
    await waitFor(() => expect(screen.getByTestId('submitting')).toHaveTextContent('false'));
    await user.click(screen.getByRole('button', { name: 'City refused' }));
    expect(screen.getByTestId('errors')).toHaveTextContent('server.city');
    expect(screen.getByLabelText('City')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'First refused' }));
    expect(screen.getByTestId('errors')).toHaveTextContent('server.city,server.first');
    expect(screen.getByRole('button', { name: 'First refused' })).toHaveFocus(); // not asked to focus: the field is not focused
    await user.click(screen.getByRole('button', { name: 'Go to first' }));
    expect(screen.getByLabelText('First')).toHaveFocus();
  });
});

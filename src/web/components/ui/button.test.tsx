import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button, ButtonSize, ButtonVariant, RIPPLE_DURATION, rippleTone } from './button.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Button variants and sizes (§9)', () => {
  it('defaults to the secondary variant and the middle size', () => {
    render(<Button>Go</Button>);
    const button = screen.getByRole('button', { name: 'Go' });
    expect(button).toHaveAttribute('data-variant', 'secondary');
    expect(button).toHaveAttribute('data-size', 'middle');
    expect(button).toHaveClass('kitv:bg-surface', 'kitv:h-10', 'kit:rounded-btn');
    // Never submits a form by accident.
    expect(button).toHaveAttribute('type', 'button');
  });

  it.each([
    ['default', 'kitv:bg-white'],
    ['primary', 'kitv:bg-primary'],
    ['secondary', 'kitv:bg-surface'],
    ['secondaryBrand', 'kitv:bg-primary-soft'],
    ['tradeLong', 'kitv:bg-long'],
    ['tradeShort', 'kitv:bg-short'],
    ['tradeSecondary', 'kitv:border-line-strong'],
    ['marketing', 'kitv:from-primary'],
  ] as const)('variant %s has its own colours', (variant, expected) => {
    render(<Button variant={variant}>x</Button>);
    expect(screen.getByRole('button')).toHaveClass(expected);
  });

  it('covers exactly the eight variants and six sizes of §9', () => {
    expect(Object.keys(ButtonVariant)).toEqual(['default', 'primary', 'secondary', 'secondaryBrand', 'tradeLong', 'tradeShort', 'tradeSecondary', 'marketing']);
    expect(Object.keys(ButtonSize)).toEqual(['xx-small', 'x-small', 'small', 'middle', 'large', 'x-large']);
  });

  it.each([
    ['xx-small', 'kitv:h-6'],
    ['x-small', 'kitv:h-7'],
    ['small', 'kitv:h-8'],
    ['middle', 'kitv:h-10'],
    ['large', 'kitv:h-12'],
    ['x-large', 'kitv:h-14'],
  ] as const)('size %s is %s tall', (size, height) => {
    render(<Button size={size}>x</Button>);
    expect(screen.getByRole('button')).toHaveClass(height);
  });

  it('block makes it full width', () => {
    render(<Button block>x</Button>);
    expect(screen.getByRole('button')).toHaveClass('kitv:w-full');
  });

  it('passes className on after its own layered classes (the caller wins by the cascade: e2e/ui-kit.spec.ts)', () => {
    render(
      <Button variant="primary" className="bg-ink rounded-full">
        x
      </Button>,
    );
    const button = screen.getByRole('button');
    expect(button).toHaveClass('bg-ink', 'rounded-full', 'kitv:bg-primary', 'kit:rounded-btn');
    expect(button).not.toHaveClass('bg-primary');
  });

  it('renders a link with the same look when given href', () => {
    render(
      <Button variant="primary" href="/user/accounts/auth/personal">
        Home
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Home' });
    expect(link).toHaveAttribute('href', '/user/accounts/auth/personal');
    expect(link).toHaveClass('kitv:bg-primary');
  });
});

describe('Button loading (§9)', () => {
  it('shows a spinner, sets aria-busy and ignores clicks', () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveClass('kit:data-[loading=true]:pointer-events-none');
    expect(button).toHaveAttribute('data-loading', 'true');
    expect(screen.getByTestId('spinner')).toBeInTheDocument();
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('does not submit its form while loading, and does again afterwards', () => {
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    const { rerender } = render(
      <form onSubmit={onSubmit}>
        <Button type="submit" loading>
          Send
        </Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button'));
    expect(onSubmit).not.toHaveBeenCalled();
    rerender(
      <form onSubmit={onSubmit}>
        <Button type="submit">Send</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('Button subtitle (§9: only small trade variants)', () => {
  it.each(['tradeLong', 'tradeShort', 'tradeSecondary'] as const)('%s at size small shows it', (variant) => {
    render(
      <Button variant={variant} size="small" subtitle="≈ 1,204.50 USD">
        Buy
      </Button>,
    );
    expect(screen.getByTestId('button-subtitle')).toHaveTextContent('≈ 1,204.50 USD');
  });

  it.each([
    ['tradeLong', 'middle'],
    ['tradeShort', 'large'],
    ['primary', 'small'],
    ['secondary', 'small'],
    ['marketing', 'small'],
  ] as const)('%s at size %s ignores it', (variant, size) => {
    render(
      <Button variant={variant} size={size} subtitle="sub">
        Buy
      </Button>,
    );
    expect(screen.queryByTestId('button-subtitle')).toBeNull();
    expect(screen.queryByText('sub')).toBeNull();
  });
});

describe('Button ripple (§9: up to 500 ms, green long, red short, brand otherwise)', () => {
  it.each([
    ['tradeLong', 'long', 'bg-long'],
    ['tradeShort', 'short', 'bg-short'],
    ['primary', 'brand', 'bg-primary'],
    ['secondary', 'brand', 'bg-primary'],
    ['tradeSecondary', 'brand', 'bg-primary'],
  ] as const)('%s ripples in %s and the ripple is gone after 500 ms', (variant, tone, colourClass) => {
    vi.useFakeTimers();
    expect(rippleTone(variant)).toBe(tone);
    const onClick = vi.fn();
    const { container } = render(
      <Button variant={variant} onClick={onClick}>
        Tap
      </Button>,
    );
    fireEvent.click(screen.getByRole('button'), { clientX: 5, clientY: 5, detail: 1 });
    expect(onClick).toHaveBeenCalledTimes(1);
    const ripple = container.querySelector('[data-ripple]');
    expect(ripple).toHaveAttribute('data-ripple', tone);
    expect(ripple).toHaveClass(colourClass, 'animate-ripple');
    expect(ripple).toHaveAttribute('aria-hidden');

    act(() => vi.advanceTimersByTime(RIPPLE_DURATION - 1));
    expect(container.querySelector('[data-ripple]')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(container.querySelector('[data-ripple]')).toBeNull();
  });

  it('each click adds its own ripple, each removed on time', () => {
    vi.useFakeTimers();
    const { container } = render(<Button>Tap</Button>);
    fireEvent.click(screen.getByRole('button'));
    act(() => vi.advanceTimersByTime(200));
    fireEvent.click(screen.getByRole('button'));
    expect(container.querySelectorAll('[data-ripple]')).toHaveLength(2);
    act(() => vi.advanceTimersByTime(300));
    expect(container.querySelectorAll('[data-ripple]')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(200));
    expect(container.querySelectorAll('[data-ripple]')).toHaveLength(0);
  });

  it('does not ripple for people who prefer reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    const onClick = vi.fn();
    const { container } = render(<Button onClick={onClick}>Tap</Button>);
    fireEvent.click(screen.getByRole('button'));
    expect(onClick).toHaveBeenCalled();
    expect(container.querySelector('[data-ripple]')).toBeNull();
  });

  it('does not ripple while loading', () => {
    const { container } = render(<Button loading>Tap</Button>);
    fireEvent.click(screen.getByRole('button'));
    expect(container.querySelector('[data-ripple]')).toBeNull();
  });
});



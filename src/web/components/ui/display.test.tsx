import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StepStatus } from '../../../shared/kyc.ts';
import { Alert } from './alert.tsx';
import { Card } from './card.tsx';
import { Skeleton, SkeletonText } from './skeleton.tsx';
import { StatusBadge, STEP_STATUS_TONE } from './status-badge.tsx';
import { Stepper } from './stepper.tsx';
import { renderUi } from './test-i18n.tsx';

describe('StatusBadge (§4 KYC step statuses)', () => {
  it.each([
    [StepStatus.ALLOW, 'Not verified', 'brand'],
    [StepStatus.NOT_ALLOW, 'Not available', 'neutral'],
    [StepStatus.PENDING, 'Under review', 'warn'],
    [StepStatus.SUCCESS, 'Verified', 'success'],
    [StepStatus.FAILED_AND_CAN_RETRY, 'Failed, try again', 'danger'],
    [StepStatus.FAILED_AND_CAN_NOT_RETRY, 'Failed', 'danger'],
    [StepStatus.CERTIFICATION_DISABLED, 'Disabled', 'neutral'],
  ])('%s reads "%s" in the %s tone', (status, text, tone) => {
    renderUi(<StatusBadge status={status} />);
    expect(screen.getByText(text).closest('[data-tone]')).toHaveAttribute('data-tone', tone);
  });

  it('has a tone for every status of the spec', () => {
    expect(Object.keys(STEP_STATUS_TONE).sort()).toEqual(Object.values(StepStatus).sort());
  });
});

describe('Stepper', () => {
  const steps = [
    { key: 'document', label: 'Document' },
    { key: 'selfie', label: 'Selfie' },
    { key: 'review', label: 'Review' },
  ];

  it('marks the current step and says which are completed', () => {
    renderUi(<Stepper steps={steps} current={1} />);
    const nav = screen.getByRole('navigation', { name: 'Progress' });
    const items = within(nav).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-state'))).toEqual(['complete', 'current', 'upcoming']);
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items[0]).not.toHaveAttribute('aria-current');
    expect(items[0]).toHaveTextContent('Document (completed)');
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
  });

  it('lets a step be marked as an error', () => {
    renderUi(<Stepper steps={[{ ...steps[0]!, state: 'error' }, steps[1]!]} current={1} />);
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('Document (needs attention)');
  });
});

describe('Alert, Card, Skeleton', () => {
  it('errors and warnings are alerts, info and success are statuses', () => {
    renderUi(
      <>
        <Alert variant="error" title="Review failed">
          Blurry photo
        </Alert>
        <Alert variant="success">Done</Alert>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Review failedBlurry photo');
    expect(screen.getByRole('status')).toHaveTextContent('Done');
  });

  it('a closable alert has a translated close button', async () => {
    const onClose = vi.fn();
    renderUi(
      <Alert variant="info" onClose={onClose}>
        Note
      </Alert>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('a Card is a region named by its title', () => {
    renderUi(
      <Card title="Level 1" description="Basic verification" footer={<button type="button">Verify</button>}>
        body
      </Card>,
    );
    const card = screen.getByRole('region', { name: 'Level 1' });
    expect(card).toHaveTextContent('Basic verification');
    expect(within(card).getByRole('button', { name: 'Verify' })).toBeInTheDocument();
  });

  it('skeletons are hidden from assistive technology', () => {
    const { container } = renderUi(
      <div aria-busy="true">
        <Skeleton className="h-6 w-40" />
        <SkeletonText lines={3} />
      </div>,
    );
    expect(container.querySelectorAll('[data-testid="skeleton"]')).toHaveLength(4);
    for (const el of container.querySelectorAll('[data-testid="skeleton"]')) expect(el.closest('[aria-hidden]')).not.toBeNull();
  });
});

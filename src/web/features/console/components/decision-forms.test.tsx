import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { REJECT_REASON_CODES, USER_MESSAGE_MAX_LENGTH } from '../../../../shared/review-reasons.ts';
import { ApiError } from '../../../lib/http/index.ts';
import reasons from '../../../../../locales/user-accounts/en/kyc-reasons.json';
import { renderConsole } from '../test-utils.tsx';
import { ApproveDialog, reasonsForLevel, RejectDialog } from './decision-forms.tsx';

const title = (code: string) => (reasons as Record<string, { title: string }>)[code]!.title;

function renderReject(level: 1 | 2, onSubmit = vi.fn(async () => {})) {
  const onClose = vi.fn();
  renderConsole(<RejectDialog open level={level} onClose={onClose} onSubmit={onSubmit} />);
  const dialog = screen.getByRole('dialog', { name: 'Reject this application' });
  return { dialog, onSubmit, onClose, reason: within(dialog).getByLabelText(/^Reason/) as HTMLSelectElement };
}

const optionTexts = (select: HTMLSelectElement) => Array.from(select.options).filter((o) => o.value !== '').map((o) => o.textContent);

describe('RejectDialog', () => {
  it('offers only the reasons of the taxonomy that apply to the application level', () => {
    expect(reasonsForLevel(1)).toContain('SELFIE_UNCLEAR');
    expect(reasonsForLevel(1)).not.toContain('ADDRESS_MISMATCH');
    expect(reasonsForLevel(2)).toContain('PROOF_OF_ADDRESS_TOO_OLD');
    expect(reasonsForLevel(2)).not.toContain('SELFIE_MISMATCH');
    // Every reason applies to some level: nothing in the taxonomy is unreachable.
    expect(new Set([...reasonsForLevel(1), ...reasonsForLevel(2)])).toEqual(new Set(REJECT_REASON_CODES));

    const level1 = renderReject(1);
    expect(optionTexts(level1.reason)).toEqual(reasonsForLevel(1).map(title));
    expect(optionTexts(level1.reason)).toContain('The selfie is not clear');
    expect(optionTexts(level1.reason)).not.toContain('The address does not match');
  });

  it('level 2 offers the proof-of-address reasons and no selfie reasons', () => {
    const { reason } = renderReject(2);
    expect(optionTexts(reason)).toContain('The address does not match');
    expect(optionTexts(reason)).toContain('The proof of address is too old');
    expect(optionTexts(reason)).not.toContain('The selfie does not match the document');
  });

  it('requires a reason and a message for the user (blank is not a message); nothing is sent', async () => {
    const user = userEvent.setup();
    const { dialog, onSubmit } = renderReject(1);
    await user.click(within(dialog).getByRole('button', { name: 'Reject, allow retry' }));
    expect(await within(dialog).findByText('Reason is required')).toBeVisible();
    expect(within(dialog).getByText('Message to the user is required')).toBeVisible();
    expect(within(dialog).getByLabelText(/^Message to the user/)).toHaveAttribute('aria-invalid', 'true');

    await user.selectOptions(within(dialog).getByLabelText(/^Reason/), 'DOCUMENT_UNREADABLE');
    await user.type(within(dialog).getByLabelText(/^Message to the user/), '    ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject, allow retry' }));
    expect(await within(dialog).findByText('Message to the user is required')).toBeVisible();
    expect(within(dialog).queryByText('Reason is required')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
    // The message box enforces the contract's limit as the user types.
    expect(within(dialog).getByLabelText(/^Message to the user/)).toHaveAttribute('maxlength', String(USER_MESSAGE_MAX_LENGTH));
  });

  it('sends RETRY by default and FINAL when chosen, with the reason, the trimmed message and the internal note', async () => {
    const user = userEvent.setup();
    const { dialog, onSubmit } = renderReject(1);
    const retry = within(dialog).getByRole('radio', { name: 'Can try again' });
    const final = within(dialog).getByRole('radio', { name: 'Final rejection' });
    expect(retry).toBeChecked();
    expect(final).not.toBeChecked();

    // The internal note is labelled as never shown to the user.
    const note = within(dialog).getByLabelText(/^Internal note/);
    expect(note).toHaveAccessibleDescription('For reviewers only. Never shown to the user.');

    await user.click(final);
    expect(within(dialog).getByRole('button', { name: 'Reject for good' })).toBeVisible();
    await user.selectOptions(within(dialog).getByLabelText(/^Reason/), 'SUSPECTED_FRAUD');
    await user.type(within(dialog).getByLabelText(/^Message to the user/), '  The documents were altered.  ');
    await user.type(note, 'Font mismatch on the date of birth');
    await user.click(within(dialog).getByRole('button', { name: 'Reject for good' }));

    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ mode: 'FINAL', reasonCode: 'SUSPECTED_FRAUD', reasonCodes: [], userMessage: 'The documents were altered.', internalNote: 'Font mismatch on the date of birth' });
  });

  it('puts the server’s field issues on their fields and other failures in the form', async () => {
    const user = userEvent.setup();
    const onSubmit = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(
        new ApiError('business', 'bad business ret_code', {
          retCode: 10001,
          response: { ret_code: 10001, ret_msg: 'invalid', result: { fields: [{ path: 'reasonCode', code: 'kyc-rules.reason_not_applicable' }] } },
        }),
      )
      .mockRejectedValueOnce(new ApiError('business', 'bad business ret_code', { retCode: 10000, response: { ret_code: 10000, ret_msg: 'x', result: {} } }));
    const { dialog } = renderReject(1, onSubmit);
    await user.selectOptions(within(dialog).getByLabelText(/^Reason/), 'OTHER');
    await user.type(within(dialog).getByLabelText(/^Message to the user/), 'Please retake the photos.');

    await user.click(within(dialog).getByRole('button', { name: 'Reject, allow retry' }));
    expect(await within(dialog).findByText('This reason does not apply to this verification level')).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Reject, allow retry' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong on our side. Please try again later.');
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });
});

describe('ApproveDialog', () => {
  it('confirms whose level is approved and sends the optional internal note', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    renderConsole(<ApproveDialog open level={1} email="sofia@example.com" onClose={() => {}} onSubmit={onSubmit} />);
    const dialog = screen.getByRole('dialog', { name: 'Approve this application?' });
    expect(dialog).toHaveAccessibleDescription('Level 1 will be verified for sofia@example.com.');

    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ internalNote: '' });

    await user.type(within(dialog).getByLabelText(/^Internal note/), ' Checked against the register ');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ internalNote: 'Checked against the register' });
  });

  it('Cancel closes without sending', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {});
    const onClose = vi.fn();
    renderConsole(<ApproveDialog open level={2} email="a@example.com" onClose={onClose} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { useDisclosure } from './use-disclosure.ts';

function Editable() {
  const { open, triggerRef, show, close } = useDisclosure();
  return open ? (
    <form aria-label="Address">
      <button type="button" onClick={close}>
        Cancel
      </button>
    </form>
  ) : (
    <button ref={triggerRef} type="button" onClick={show}>
      Update address
    </button>
  );
}

it('gives focus back to the opening button when the panel closes', async () => {
  const user = userEvent.setup();
  render(<Editable />);
  expect(screen.getByRole('button', { name: 'Update address' })).not.toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'Update address' }));
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.getByRole('button', { name: 'Update address' })).toHaveFocus();
});

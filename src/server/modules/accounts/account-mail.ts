import type { MailMessage } from '../../mail/mailer.ts';

/**
 * What registration tells the owner of the address. The HTTP reply is the same whether the address
 * was new or already had an account (decision 013), so this message is where the owner learns which.
 * English only for now: the address's language is not known at sign-up.
 */
export function confirmAccountMail(email: string, link: string, validHours: number): MailMessage {
  return {
    to: email,
    subject: 'Confirm your e-mail address',
    text: [
      `Someone asked to create an account for ${email}. To confirm this address and log in, open this link (valid for ${validHours} hours, once):`,
      link,
      'Until the address is confirmed, the account cannot be used. If you did not ask for it, ignore this message: nothing happens without the link.',
    ].join('\n\n'),
  };
}

export function alreadyRegisteredMail(email: string): MailMessage {
  return {
    to: email,
    subject: 'Someone tried to create an account with your e-mail address',
    text: [
      `Someone tried to create an account for ${email}, but this address already has one, so nothing was created or changed.`,
      'If it was you: log in with your existing password. There is no self-service password reset yet; if you cannot log in, contact support.',
      'If it was not you, you can ignore this message: your account is unchanged.',
    ].join('\n\n'),
  };
}

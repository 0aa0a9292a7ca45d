import type { MailMessage } from '../../mail/mailer.ts';

/**
 * What registration tells the owner of the address. The HTTP reply is the same whether the address
 * was new or already had an account (decision 013), so this message is where the owner learns which.
 * English only for now: the address's language is not known at sign-up.
 */
export function accountCreatedMail(email: string): MailMessage {
  return {
    to: email,
    subject: 'Your account is ready',
    text: [
      `An account was created for ${email}.`,
      'You can log in with this e-mail address and the password you chose.',
      'If you did not create it, you can ignore this message, or tell us.',
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

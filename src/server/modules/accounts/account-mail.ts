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
      'If it was you: log in with your existing password. If you forgot it, choose "Forgot password?" on the login page to set a new one.',
      'If it was not you, you can ignore this message: your account is unchanged.',
    ].join('\n\n'),
  };
}

/** The reset link (issue 27). Says how long it works and that nothing changes without it. */
export function passwordResetMail(email: string, link: string, validMinutes: number): MailMessage {
  return {
    to: email,
    subject: 'Reset your password',
    text: [
      `Someone asked to reset the password of the account ${email}. To choose a new password, open this link (valid for ${validMinutes} minutes, once):`,
      link,
      'Setting a new password signs you out everywhere. If you did not ask for it, ignore this message: your password stays as it is.',
    ].join('\n\n'),
  };
}

/** After a reset: the owner learns of it, also when it was not them. */
export function passwordChangedMail(email: string): MailMessage {
  return {
    to: email,
    subject: 'Your password was changed',
    text: [
      `The password of the account ${email} was just changed with a reset link sent to this address, and every session of the account was ended.`,
      'If it was you, nothing else is needed: log in with the new password.',
      'If it was not you, someone can read this mailbox: secure your e-mail account, then choose "Forgot password?" on the login page to set a password only you know, and contact support.',
    ].join('\n\n'),
  };
}

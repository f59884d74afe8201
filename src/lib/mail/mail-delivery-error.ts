/**
 * A message that had to go and could not be delivered (the SMTP server or the outbox
 * refused it). Thrown by any feature that sends mail, with the delivery failure as its
 * `cause`; endpoints answer it with a clear "could not send" error rather than a 500.
 */
export class MailDeliveryError extends Error {
  override name = 'MailDeliveryError';
}

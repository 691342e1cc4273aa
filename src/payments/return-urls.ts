/**
 * Where a provider sends the user back after checkout: the console picks the order up from the
 * query string and shows it turning PAID (the notification, not this redirect, pays the order).
 */
export function checkoutReturnUrl(publicUrl: string, orderId: number, outcome: 'success' | 'cancelled'): string {
  return `${publicUrl}/?order=${orderId}&checkout=${outcome}`;
}

/** The epay notify URL to register (it is also sent with every checkout). */
export function epayNotifyUrl(publicUrl: string): string {
  return `${publicUrl}/payments/epay/notify`;
}

/**
 * Whether this server can sell a subscription (the profile's `payments_available`), so the app offers
 * Subscribe only where it can. The billing context provides PAYMENTS_AVAILABILITY from a global module
 * (it alone knows its configuration); AccountsModule injects it optionally, and without it the answer is
 * false: a server without the billing context sells nothing.
 */
export interface PaymentsAvailability {
  readonly paymentsAvailable: boolean;
}

export const PAYMENTS_AVAILABILITY = Symbol('PAYMENTS_AVAILABILITY');

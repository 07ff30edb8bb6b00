// What a payment provider adapter throws besides the domain's own errors. A provider that cannot be
// reached (or fails on its side) is PaymentProviderUnavailableError, 503 and retryable; a request
// the provider refuses on its merits (a checkout that is no longer open, a refund over what is
// left) is ProviderRefusal, which the services decide about; a notification that does not carry a
// valid signature of ours is InvalidProviderSignature.
import { DomainError } from '../errors';

export class PaymentProviderUnavailableError extends DomainError {
  readonly code = 'PAYMENT_PROVIDER_UNAVAILABLE';
  constructor(message = 'The payment provider did not answer; retry later') {
    super(message);
    this.retryAfterSeconds = 5;
  }
}

export class ProviderRefusal extends Error {
  constructor(message: string, readonly providerCode?: string) {
    super(message);
    this.name = 'ProviderRefusal';
  }
}

export class InvalidProviderSignature extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidProviderSignature';
  }
}

/** This deployment takes no payments (in this environment); the message names what its operator sets. */
export class PaymentsNotConfiguredError extends DomainError {
  readonly code = 'PAYMENTS_NOT_CONFIGURED';
}

// A provider notification that arrived before what it refers to (an invoice before the checkout
// that made its customer ours): the payment worker tries it again later instead of dropping it.
export class EventNotReadyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EventNotReadyError';
  }
}

// The payment services built together, once per process, over one set of providers:
// what the operations call (onboarding, records, plans, the provider's webhook), what booking
// calls (checkout, settlement), and the worker that acts on the provider's notifications.
import type { PaymentEventPhase } from '../../domain/payments/paymentEventPhases';
import type { Logger } from '../../logger';
import type { EventRecorder } from '../../ports/eventRecorder';
import type { Store } from '../../ports/store';
import { type Clock, createProfileAccess } from '../profileMutation';
import { createBookingCheckout } from './bookingCheckout';
import { createBookingSettlement } from './bookingSettlement';
import { createConnectOnboarding } from './connectOnboarding';
import { createPaymentEventHandler } from './paymentEventHandler';
import { createPaymentRecords } from './paymentRecords';
import { createPaymentWorker } from './paymentWorker';
import { createPlanBilling } from './planBilling';
import { createProviderWebhook } from './providerWebhook';
import type { PaymentProviders } from './paymentProviders';

export interface PaymentServiceSettings {
  /** PAYMENT_HOLD_MINUTES. */
  holdMinutes: number;
  /** PAYMENT_APPLICATION_FEE_PERCENT. */
  applicationFeePercent: number;
  /** STRIPE_PRICE_PROFESSIONAL / STRIPE_PRICE_ENTERPRISE. */
  planPrices: Partial<Record<'professional' | 'enterprise', string>>;
  /** PAYMENT_EVENT_LEASE_SECONDS, in ms. */
  eventLeaseMs: number;
}

export const DEFAULT_PAYMENT_SERVICE_SETTINGS: PaymentServiceSettings = { holdMinutes: 15, applicationFeePercent: 0, planPrices: {}, eventLeaseMs: 60_000 };

export interface PaymentServiceDeps {
  store: Store;
  providers: PaymentProviders;
  clock: Clock;
  logger: Logger;
  recorder?: Pick<EventRecorder, 'record'>;
  settings?: PaymentServiceSettings;
  /** Crash tests only (PAYMENT_KILL_AT): called at each phase of a provider event. */
  onEventPhase?: (phase: PaymentEventPhase) => void;
}

export function createPaymentServices({ store, providers, clock, logger, recorder, settings = DEFAULT_PAYMENT_SERVICE_SETTINGS, onEventPhase }: PaymentServiceDeps) {
  const log = logger.child({ component: 'payments' });
  const access = createProfileAccess({ store, clock });
  const settlement = createBookingSettlement({ store, providers, clock, logger: log, recorder, holdMinutes: settings.holdMinutes });
  const plans = createPlanBilling({ store, providers, clock, prices: settings.planPrices });
  const handle = createPaymentEventHandler({ store, settlement, plans, clock, logger: log });
  const worker = createPaymentWorker({ store, handle, settlement, plans, clock, logger: log, leaseMs: settings.eventLeaseMs, onPhase: onEventPhase });
  return {
    providers,
    checkout: createBookingCheckout({ store, providers, settlement, clock, holdMinutes: settings.holdMinutes, applicationFeePercent: settings.applicationFeePercent }),
    settlement,
    plans,
    onboarding: createConnectOnboarding({ store, access, providers, clock }),
    records: createPaymentRecords({ store, access }),
    webhook: createProviderWebhook({ store, providers, clock, received: () => worker.wake(), onPhase: onEventPhase }),
    worker,
    logger: log,
  };
}

export type PaymentServices = ReturnType<typeof createPaymentServices>;

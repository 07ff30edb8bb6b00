// Operations over the app's services: `operation({ ... })` declares one with its types inferred
// from its schemas (core/declareOperation.ts). An answer it declares as recorded goes to the
// analytics recorder with where the call path says it was given: the surface (the endpoint's on
// REST, the transport's on MCP and GraphQL) and the caller's AI platform.
import { operationsOver } from '../core/declareOperation';
import { answerSurface, type EndpointSurface } from '../domain/analytics/answerSurface';
import type { RecordAnswerInput } from '../services/analytics/answerRecording';
import type { AppServices } from './appServices';

/** What an operation's answer names for analytics; `surface` is its REST endpoint's (default consumer). */
export type DeclaredAnswer = Omit<RecordAnswerInput, 'surface' | 'platform'> & { surface?: EndpointSurface };

export const operation = operationsOver<AppServices, DeclaredAnswer>(async (services, { surface = 'consumer', ...answer }, request) =>
  services.recordAnswer({ ...answer, surface: answerSurface(request.transport, surface), platform: await request.platform() }),
);

// Operations over the app's services: `operation({ ... })` declares one with its types inferred
// from its schemas (core/declareOperation.ts).
import { operationsOver } from '../core/declareOperation';
import type { AppServices } from './appServices';

export const operation = operationsOver<AppServices>();

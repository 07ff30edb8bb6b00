// Operations over the app's services: `operation({ ... })` declares one with its types inferred
// from its schemas (core/declareOperation.ts); an answer it declares as recorded goes to the
// analytics recorder.
import { operationsOver } from '../core/declareOperation';
import type { RecordAnswerInput } from '../services/analytics/answerRecording';
import type { AppServices } from './appServices';

export const operation = operationsOver<AppServices, RecordAnswerInput>((services, answer) => services.recordAnswer(answer));

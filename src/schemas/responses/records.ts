// Media, verification and system responses (spec 2.6, 4.3).
import Type from 'typebox';
import { MEDIA_TYPES } from '../endpoints/media';
import { REQUESTED_LEVELS } from '../endpoints/verification';
import { nullable } from '../parts/nullable';
import { stringEnum } from '../parts/stringEnum';
import { timestampSchema } from './common';
import { cursorPaginationSchema } from './lists';

export const mediaUploadedSchema = Type.Object({
  id: Type.String({ description: 'med_<id>' }),
  businessId: Type.Optional(Type.String()),
  url: Type.String({ description: 'Where the file is served: /v1/media/{mediaId}.' }),
  type: stringEnum(MEDIA_TYPES),
  contentType: Type.Optional(Type.String({ description: 'Decided from the file\'s bytes.' })),
  size: Type.Optional(Type.Integer({ minimum: 1, description: 'Bytes (an empty file is refused).' })),
  uploadedAt: timestampSchema,
});

export const verificationRecordSchema = Type.Object({
  verificationId: Type.String({ description: 'ver_<id>' }),
  businessId: Type.Optional(Type.String()),
  level: Type.Optional(stringEnum(REQUESTED_LEVELS)),
  status: stringEnum(['pending', 'approved', 'rejected']),
  documents: Type.Optional(Type.Array(Type.String())),
  estimatedReviewTime: Type.String({ description: 'e.g. "2-3 business days".' }),
  requestedAt: Type.Optional(timestampSchema),
  decidedAt: Type.Optional(timestampSchema),
  decisionNote: Type.Optional(Type.String()),
  environment: Type.Optional(stringEnum(['live', 'test'], { description: 'On admin answers only: the request\'s partition.' })),
});

export const verificationHistorySchema = Type.Object({
  businessId: Type.Optional(Type.String()),
  verifications: Type.Array(verificationRecordSchema, { description: 'Newest first.' }),
});

export const verificationQueueSchema = Type.Object({
  environment: stringEnum(['live', 'test'], { description: 'The queue shown: the caller\'s environment.' }),
  verifications: Type.Array(verificationRecordSchema, { description: 'Pending requests, oldest first.' }),
  pagination: cursorPaginationSchema,
});

export const healthSchema = Type.Object({ status: Type.Literal('ok', { type: 'string' }), uptimeSeconds: Type.Optional(Type.Integer()) });

const counter = (description?: string) => Type.Optional(Type.Integer(description === undefined ? {} : { description }));

export const readinessSchema = Type.Object(
  {
    ready: Type.Boolean(),
    backends: Type.Optional(
      Type.Unsafe<Record<string, { engine: string; ok: boolean; error?: string }>>({
        description: 'Admins only.',
        type: 'object',
        additionalProperties: Type.Object({
          engine: Type.String(),
          ok: Type.Boolean(),
          error: Type.Optional(Type.String({ description: 'Says the backend is unreachable; the reason is in the server log.' })),
        }),
      }),
    ),
    indexer: Type.Optional(
      Type.Object({
        state: Type.Optional(
          stringEnum(['idle', 'running', 'stopping', 'stopped', 'external'], {
            description:
              'external: the indexer runs in its own process (IN_PROCESS_INDEXER=false); only position and pending are known here ' +
              '(pending is null on MongoDB, whose change streams cannot count), and its failures show in its own log, not in readiness.',
          }),
        ),
        position: Type.Optional(nullable(Type.String({ description: 'Last change-feed position the index acknowledged.' }))),
        pending: Type.Optional(nullable(Type.Integer({ description: 'Changes written but not yet searchable (null where the feed cannot count).' }))),
        indexed: counter(),
        failed: counter('Documents the index rejected.'),
        reindexes: counter(),
        lastBatchLagMs: Type.Optional(nullable(Type.Number())),
        lastBatchAt: Type.Optional(nullable(Type.String())),
        lastError: Type.Optional(nullable(Type.String({ description: 'Set while batches fail (the reason is in the server log); null once a batch succeeds.' }))),
        failingSince: Type.Optional(nullable(Type.String({ description: 'When the current run of failed batches began.' }))),
        stalled: Type.Optional(Type.Boolean({ description: 'Every batch has failed for 60 s or more; /ready answers 503.' })),
        skipped: counter('Profiles that could not be turned into a search document (logged with their id).'),
        standby: Type.Optional(Type.Boolean({ description: 'Another indexer holds the lease (several indexers on one store, REDIS_URL set): this one waits to take over.' })),
        lastSkipped: Type.Optional(
          Type.Unsafe<{ at?: string } | null>({
            type: ['object', 'null'],
            description: 'When the last profile was skipped; its id and the reason are in the server log.',
            properties: { at: timestampSchema },
          }),
        ),
      }),
    ),
    analyticsRecorder: Type.Optional(
      Type.Object(
        {
          recorded: counter('Events taken into the buffer.'),
          stored: counter('Events written to the analytics store.'),
          dropped: counter('Events lost because the buffer was full (or recorded after shutdown began).'),
          failedWrites: counter('Batches the store refused; they are retried while there is room.'),
          buffered: counter('Events waiting now.'),
          capacity: counter('ANALYTICS_BUFFER_EVENTS.'),
          batchSize: counter('Events per write.'),
          flushIntervalMs: counter('ANALYTICS_FLUSH_INTERVAL_MS: the longest an event waits while the store keeps up.'),
        },
        {
          description:
            'Admins only; absent with ANALYTICS_RECORDING=false. The buffer of this API process (each instance has its own) that holds the ' +
            'events of its answers until they are written: counters since start and its bounds. A crash loses at most `capacity` buffered ' +
            'events (normally one flush interval of them); a full buffer drops new events and counts them in `dropped`.',
        },
      ),
    ),
  },
  {
    description:
      'Each configured backend\'s state and the indexer\'s (where it runs in its own process, its committed position and the changes pending after it). 503 (with this report ' +
      'as error.details) when a backend is down or when the indexer is stalled: every batch has failed for 60 s ' +
      'or more, so writes since then are missing from search. A profile the indexer cannot map is skipped ' +
      '(removed from the index, counted in indexer.skipped) and does not make the service unready. ' +
      'Only an admin\'s credential sees backends and indexer (engine names tell an attacker what runs here); ' +
      'anyone else gets {"ready": true}, or a 503 without details. A missing or invalid credential is anonymous, never a 401.',
  },
);

// Media, verification and system responses (spec 2.6, 4.3; issues 2 and 4).
import type { SchemaObject } from 'ajv';
import { MEDIA_TYPES } from '../endpoints/media';
import { REQUESTED_LEVELS } from '../endpoints/verification';
import { timestampSchema } from './common';
import { cursorPaginationSchema } from './lists';

export const mediaUploadedSchema: SchemaObject = {
  type: 'object',
  required: ['id', 'url', 'type', 'uploadedAt'],
  properties: {
    id: { type: 'string', description: 'med_<id>' },
    businessId: { type: 'string' },
    url: { type: 'string', description: 'Where the file is served: /v1/media/{mediaId}.' },
    type: { type: 'string', enum: [...MEDIA_TYPES] },
    contentType: { type: 'string', description: 'Decided from the file\'s bytes.' },
    size: { type: 'integer', description: 'Bytes.' },
    uploadedAt: timestampSchema,
  },
};

export const verificationRecordSchema: SchemaObject = {
  type: 'object',
  required: ['verificationId', 'status', 'estimatedReviewTime'],
  properties: {
    verificationId: { type: 'string', description: 'ver_<id>' },
    businessId: { type: 'string' },
    level: { type: 'string', enum: [...REQUESTED_LEVELS] },
    status: { type: 'string', enum: ['pending', 'approved', 'rejected'] },
    documents: { type: 'array', items: { type: 'string' } },
    estimatedReviewTime: { type: 'string', description: 'e.g. "2-3 business days".' },
    requestedAt: timestampSchema,
    decidedAt: timestampSchema,
    decisionNote: { type: 'string' },
    environment: { type: 'string', enum: ['live', 'test'], description: 'On admin answers only: the request\'s partition.' },
  },
};

export const verificationHistorySchema: SchemaObject = {
  type: 'object',
  required: ['verifications'],
  properties: {
    businessId: { type: 'string' },
    verifications: { type: 'array', items: verificationRecordSchema, description: 'Newest first.' },
  },
};

export const verificationQueueSchema: SchemaObject = {
  type: 'object',
  required: ['environment', 'verifications', 'pagination'],
  properties: {
    environment: { type: 'string', enum: ['live', 'test'], description: 'The queue shown: the caller\'s environment.' },
    verifications: { type: 'array', items: verificationRecordSchema, description: 'Pending requests, oldest first.' },
    pagination: cursorPaginationSchema,
  },
};

export const healthSchema: SchemaObject = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', const: 'ok' }, uptimeSeconds: { type: 'integer' } },
};

export const readinessSchema: SchemaObject = {
  type: 'object',
  description:
    'Each configured backend\'s state and the indexer\'s (where it runs in its own process, its committed position and the changes pending after it). 503 (with this report ' +
    'as error.details) when a backend is down or when the indexer is stalled: every batch has failed for 60 s ' +
    'or more, so writes since then are missing from search. A profile the indexer cannot map is skipped ' +
    '(removed from the index, counted in indexer.skipped) and does not make the service unready. ' +
    'Only an admin\'s credential sees backends and indexer (engine names tell an attacker what runs here); ' +
    'anyone else gets {"ready": true}, or a 503 without details. A missing or invalid credential is anonymous, never a 401.',
  required: ['ready'],
  properties: {
    ready: { type: 'boolean' },
    backends: {
      description: 'Admins only.',
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['engine', 'ok'],
        properties: { engine: { type: 'string' }, ok: { type: 'boolean' }, error: { type: 'string', description: 'Says the backend is unreachable; the reason is in the server log.' } },
      },
    },
    indexer: {
      type: 'object',
      properties: {
        state: {
          type: 'string',
          enum: ['idle', 'running', 'stopping', 'stopped', 'external'],
          description:
            'external: the indexer runs in its own process (IN_PROCESS_INDEXER=false); only position and pending are known here ' +
            '(pending is null on MongoDB, whose change streams cannot count), and its failures show in its own log, not in readiness.',
        },
        position: { type: ['string', 'null'], description: 'Last change-feed position the index acknowledged.' },
        pending: { type: ['integer', 'null'], description: 'Changes written but not yet searchable (null where the feed cannot count).' },
        indexed: { type: 'integer' },
        failed: { type: 'integer', description: 'Documents the index rejected.' },
        reindexes: { type: 'integer' },
        lastBatchLagMs: { type: ['number', 'null'] },
        lastBatchAt: { type: ['string', 'null'] },
        lastError: { type: ['string', 'null'], description: 'Set while batches fail (the reason is in the server log); null once a batch succeeds.' },
        failingSince: { type: ['string', 'null'], description: 'When the current run of failed batches began.' },
        stalled: { type: 'boolean', description: 'Every batch has failed for 60 s or more; /ready answers 503.' },
        skipped: { type: 'integer', description: 'Profiles that could not be turned into a search document (logged with their id).' },
        standby: { type: 'boolean', description: 'Another indexer holds the lease (several indexers on one store, REDIS_URL set): this one waits to take over.' },
        lastSkipped: {
          type: ['object', 'null'],
          description: 'When the last profile was skipped; its id and the reason are in the server log.',
          properties: { at: timestampSchema },
        },
      },
    },
    analyticsRecorder: {
      type: 'object',
      description:
        'Admins only; absent with ANALYTICS_RECORDING=false. The buffer of this API process (each instance has its own) that holds the ' +
        'events of its answers until they are written: counters since start and its bounds. A crash loses at most `capacity` buffered ' +
        'events (normally one flush interval of them); a full buffer drops new events and counts them in `dropped`.',
      properties: {
        recorded: { type: 'integer', description: 'Events taken into the buffer.' },
        stored: { type: 'integer', description: 'Events written to the analytics store.' },
        dropped: { type: 'integer', description: 'Events lost because the buffer was full (or recorded after shutdown began).' },
        failedWrites: { type: 'integer', description: 'Batches the store refused; they are retried while there is room.' },
        buffered: { type: 'integer', description: 'Events waiting now.' },
        capacity: { type: 'integer', description: 'ANALYTICS_BUFFER_EVENTS.' },
        batchSize: { type: 'integer', description: 'Events per write.' },
        flushIntervalMs: { type: 'integer', description: 'ANALYTICS_FLUSH_INTERVAL_MS: the longest an event waits while the store keeps up.' },
      },
    },
  },
};

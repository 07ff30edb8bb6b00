// Media, verification and system responses (spec 2.6, 4.3; issues 2 and 4).
import type { SchemaObject } from 'ajv';
import { MEDIA_TYPES } from '../endpoints/media';
import { REQUESTED_LEVELS } from '../endpoints/verification';
import { timestampSchema } from './common';

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
  required: ['verifications'],
  properties: {
    verifications: { type: 'array', items: verificationRecordSchema, description: 'Pending requests, oldest first, at most 100.' },
  },
};

export const healthSchema: SchemaObject = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', const: 'ok' }, uptimeSeconds: { type: 'integer' } },
};

export const readinessSchema: SchemaObject = {
  type: 'object',
  description: 'Each configured backend\'s state and the search indexer\'s lag. 503 when a backend is down.',
  properties: {
    ready: { type: 'boolean' },
    backends: {
      type: 'object',
      additionalProperties: { type: 'object', properties: { state: { type: 'string' }, engine: { type: 'string' } } },
    },
    indexer: {
      type: 'object',
      properties: { lag: { type: 'number', description: 'Changes written but not yet searchable.' } },
    },
  },
};

// Responses of the analytics-events endpoints (issue 18): ingestion counts and the platform list.
import type { SchemaObject } from 'ajv';
import { timestampSchema } from './common';

export const ingestEventsResultSchema: SchemaObject = {
  type: 'object',
  required: ['accepted', 'duplicates'],
  properties: {
    accepted: { type: 'integer', minimum: 0, description: 'Events of the batch stored now.' },
    duplicates: { type: 'integer', minimum: 0, description: 'Events ignored because their eventId was already stored for your account and environment (or repeated within the batch).' },
  },
};

const platformSchema: SchemaObject = {
  type: 'object',
  required: ['name', 'displayName', 'builtIn'],
  properties: {
    name: { type: 'string', description: 'The value to send (API key `platform`, X-AI-Platform, ingested `platform`).' },
    displayName: { type: 'string' },
    builtIn: { type: 'boolean', description: 'false: registered by an administrator.' },
    createdAt: { ...timestampSchema, description: 'Registered names only (admin listing).' },
  },
};

export const platformListSchema: SchemaObject = {
  type: 'object',
  required: ['platforms'],
  properties: { platforms: { type: 'array', items: platformSchema, description: 'Built-in names first, then registered ones alphabetically.' } },
};

export const platformRegisteredSchema: SchemaObject = platformSchema;

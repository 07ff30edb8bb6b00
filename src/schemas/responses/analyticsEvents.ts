// Responses of the analytics-events endpoints: ingestion counts and the platform list.
import Type from 'typebox';
import { timestampSchema } from './common';

export const ingestEventsResultSchema = Type.Object({
  accepted: Type.Integer({ minimum: 0, description: 'Events of the batch stored now.' }),
  duplicates: Type.Integer({ minimum: 0, description: 'Events ignored because their eventId was already stored for your account and environment (or repeated within the batch).' }),
});

const platformSchema = Type.Object({
  name: Type.String({ description: 'The value to send (API key `platform`, X-AI-Platform, ingested `platform`).' }),
  displayName: Type.String(),
  builtIn: Type.Boolean({ description: 'false: registered by an administrator.' }),
  createdAt: Type.Optional({ ...timestampSchema, description: 'Registered names only (admin listing).' }),
});

export const platformListSchema = Type.Object({ platforms: Type.Array(platformSchema, { description: 'Built-in names first, then registered ones alphabetically.' }) });

export const platformRegisteredSchema = platformSchema;

// The disclosure a consumer search answer carries, and reports of wrong summaries (issue 34).
import type { SchemaObject } from 'ajv';
import { SUMMARY_REPORT_REASONS } from '../../domain/summaries/summaryReport';
import { SUMMARY_GENERATORS } from '../../domain/summaries/summaryProvenance';
import { timestampSchema } from './common';
import { cursorPaginationSchema } from './lists';

const provenanceProperties: Record<string, SchemaObject> = {
  generatedBy: { type: 'string', enum: [...SUMMARY_GENERATORS], description: '`template`: written by fixed rules from the results; `model`: by the language model named in `model`.' },
  model: { type: 'string', description: 'The language model that wrote the summary (OPENAI_MODEL); absent for a template.' },
  generatedAt: { ...timestampSchema, description: 'When the summary was written (a cached summary keeps its first time).' },
};

export const summaryDisclosureSchema: SchemaObject = {
  type: 'object',
  required: ['text', 'generatedBy', 'generatedAt', 'reportUrl'],
  description: 'What the summary is, to show beside it, and where to report it when it is wrong (like disclosureText and flagContentUri of Google\'s Places API).',
  properties: {
    text: { type: 'string', description: 'One sentence to show beside the summary: generated or template, which model, when.' },
    ...provenanceProperties,
    reportUrl: {
      type: 'string',
      format: 'uri',
      description: 'POST a report here (POST /summaries/{summaryId}/reports) with the same kind of credential; it names this answer and the businesses its summary named.',
    },
  },
};

export const summaryReportSchema: SchemaObject = {
  type: 'object',
  required: ['id', 'requestId', 'businessIds', 'reason', 'summary', 'createdAt'],
  properties: {
    id: { type: 'string', description: 'srp_<id>' },
    requestId: { type: 'string', description: 'The X-Request-ID of the answer whose summary was reported.' },
    businessIds: { type: 'array', items: { type: 'string' }, description: 'The businesses the summary named, in the answer\'s order; their owners read the report.' },
    reason: { type: 'string', enum: [...SUMMARY_REPORT_REASONS] },
    details: { type: 'string' },
    summary: {
      type: 'object',
      required: ['generatedBy', 'generatedAt'],
      properties: { ...provenanceProperties, text: { type: 'string', description: 'The summary as reported, when the reporter sent it (checked to be the answer\'s).' } },
    },
    reporterAccountId: { type: 'string', description: 'Admins only: the account that reported.' },
    createdAt: timestampSchema,
  },
};

export const summaryReportListSchema: SchemaObject = {
  type: 'object',
  required: ['reports', 'pagination'],
  properties: {
    reports: { type: 'array', items: summaryReportSchema, description: 'Oldest first.' },
    pagination: cursorPaginationSchema,
  },
};

// Reports of wrong summaries (issue 34): POST /summaries/{summaryId}/reports and the two lists.
import type { SchemaObject } from 'ajv';
import { MAX_SUMMARY_REPORT_DETAILS, SUMMARY_REPORT_REASONS } from '../../domain/summaries/summaryReport';
import { cursorPageQuerySchema } from '../parts/cursorPaging';
import { text } from '../parts/text';

export const summaryReportBodySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['reason'],
  properties: {
    reason: {
      type: 'string',
      enum: [...SUMMARY_REPORT_REASONS],
      description:
        'What is wrong: `inaccurate` (states something false about a business), `not_relevant` (does not answer the question), ' +
        '`outdated` (was true once: hours, prices, a closed business), `offensive`, `other` (say what in details).',
    },
    details: { ...text(MAX_SUMMARY_REPORT_DETAILS, 1, 'multi'), description: 'What exactly is wrong, in the reporter\'s words.' },
    summary: {
      ...text(4000, 1, 'multi'),
      description: 'The summary (`response`) exactly as received: kept with the report so the owner reads what was said. Refused (400) when it is not the text this answer carried.',
    },
  },
};

export const summaryReportListQuerySchema: SchemaObject = cursorPageQuerySchema(100, 20);

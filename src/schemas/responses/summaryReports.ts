// The disclosure a consumer search answer carries, and reports of wrong summaries.
import Type from 'typebox';
import { SUMMARY_REPORT_REASONS } from '../../domain/summaries/summaryReport';
import { SUMMARY_GENERATORS } from '../../domain/summaries/summaryProvenance';
import { stringEnum } from '../parts/stringEnum';
import { timestampSchema } from './common';
import { cursorPaginationSchema } from './lists';

const provenanceProperties = {
  generatedBy: stringEnum(SUMMARY_GENERATORS, { description: '`template`: written by fixed rules from the results; `model`: by the language model named in `model`.' }),
  model: Type.Optional(Type.String({ description: 'The language model that wrote the summary (OPENAI_MODEL); absent for a template.' })),
  generatedAt: { ...timestampSchema, description: 'When the summary was written (a cached summary keeps its first time).' },
};

export const summaryDisclosureSchema = Type.Object(
  {
    text: Type.String({ description: 'One sentence to show beside the summary: generated or template, which model, when.' }),
    ...provenanceProperties,
    reportUrl: Type.String({
      format: 'uri',
      description: 'POST a report here (POST /summaries/{summaryId}/reports) with the same kind of credential; it names this answer and the businesses its summary named.',
    }),
  },
  { description: 'What the summary is, to show beside it, and where to report it when it is wrong (like disclosureText and flagContentUri of Google\'s Places API).' },
);

export const summaryReportSchema = Type.Object({
  id: Type.String({ description: 'srp_<id>' }),
  requestId: Type.String({ description: 'The X-Request-ID of the answer whose summary was reported.' }),
  businessIds: Type.Array(Type.String(), { description: 'The businesses the summary named, in the answer\'s order; their owners read the report.' }),
  reason: stringEnum(SUMMARY_REPORT_REASONS),
  details: Type.Optional(Type.String()),
  summary: Type.Object({ ...provenanceProperties, text: Type.Optional(Type.String({ description: 'The summary as reported, when the reporter sent it (checked to be the answer\'s).' })) }),
  reporterAccountId: Type.Optional(Type.String({ description: 'Admins only: the account that reported.' })),
  createdAt: timestampSchema,
});

export const summaryReportListSchema = Type.Object({
  reports: Type.Array(summaryReportSchema, { description: 'Oldest first.' }),
  pagination: cursorPaginationSchema,
});

// Reports of wrong summaries: POST /summaries/{summaryId}/reports and the two lists.
import Type from 'typebox';
import { MAX_SUMMARY_REPORT_DETAILS, SUMMARY_REPORT_REASONS } from '../../domain/summaries/summaryReport';
import { cursorPageQuerySchema } from '../parts/cursorPaging';
import { stringEnum } from '../parts/stringEnum';
import { text } from '../parts/text';

export const summaryReportBodySchema = Type.Object(
  {
    reason: stringEnum(SUMMARY_REPORT_REASONS, {
      description:
        'What is wrong: `inaccurate` (states something false about a business), `not_relevant` (does not answer the question), ' +
        '`outdated` (was true once: hours, prices, a closed business), `offensive`, `other` (say what in details).',
    }),
    details: Type.Optional({ ...text(MAX_SUMMARY_REPORT_DETAILS, 1, 'multi'), description: 'What exactly is wrong, in the reporter\'s words.' }),
    summary: Type.Optional({
      ...text(4000, 1, 'multi'),
      description: 'The summary (`response`) exactly as received: kept with the report so the owner reads what was said. Refused (400) when it is not the text this answer carried.',
    }),
  },
  { additionalProperties: false },
);

export const summaryReportListQuerySchema = cursorPageQuerySchema(100, 20);

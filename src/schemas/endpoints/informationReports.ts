// Reports that a business closed or that its information is wrong: the report anyone sends, the
// owner's answer, and the owner's list.
import Type from 'typebox';
import {
  INFORMATION_REPORT_ANSWERS,
  INFORMATION_REPORT_KINDS,
  INFORMATION_REPORT_STATUSES,
  MAX_INFORMATION_REPORT_TEXT,
} from '../../domain/freshness/informationReport';
import { cursorSchema } from '../parts/cursorPaging';
import { limitSchema } from '../parts/paging';
import { stringEnum } from '../parts/stringEnum';
import { text } from '../parts/text';

export const informationReportBodySchema = Type.Object(
  {
    kind: stringEnum(INFORMATION_REPORT_KINDS, {
      description: '`closed`: the business is not trading (for now or for good); `wrong_information`: something the profile says is not true (say what in details).',
    }),
    details: Type.Optional({ ...text(MAX_INFORMATION_REPORT_TEXT, 1, 'multi'), description: 'What is wrong, in the reporter\'s words: shown to the owner.' }),
  },
  { additionalProperties: false },
);

export const informationReportAnswerBodySchema = Type.Object(
  {
    status: stringEnum(INFORMATION_REPORT_ANSWERS, {
      description: '`fixed`: the profile now says what is true (change it first: operatingStatus, hours, contact...); `dismissed`: the profile was right.',
    }),
    note: Type.Optional({ ...text(MAX_INFORMATION_REPORT_TEXT, 1, 'multi'), description: 'The owner\'s answer in words.' }),
  },
  { additionalProperties: false },
);

export const informationReportListQuerySchema = Type.Object(
  {
    status: Type.Optional(stringEnum(INFORMATION_REPORT_STATUSES, { description: 'Only reports in this state; all when left out.' })),
    limit: limitSchema(100, 20),
    cursor: Type.Optional(cursorSchema),
  },
  { additionalProperties: false },
);

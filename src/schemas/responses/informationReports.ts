// A report that a business closed or that its information is wrong, as its business's owner (or
// the reporter) reads it: never who reported.
import Type from 'typebox';
import { INFORMATION_REPORT_KINDS, INFORMATION_REPORT_STATUSES } from '../../domain/freshness/informationReport';
import { stringEnum } from '../parts/stringEnum';
import { timestampSchema } from './common';
import { cursorPaginationSchema } from './lists';

export const informationReportSchema = Type.Object({
  id: Type.String({ description: 'irp_<id>' }),
  businessId: Type.String(),
  kind: stringEnum(INFORMATION_REPORT_KINDS),
  details: Type.Optional(Type.String()),
  status: stringEnum(INFORMATION_REPORT_STATUSES, { description: '`open` until the owner answers it `fixed` or `dismissed`.' }),
  answer: Type.Optional(
    Type.Object({
      note: Type.Optional(Type.String()),
      answeredAt: timestampSchema,
    }),
  ),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

export const informationReportListSchema = Type.Object({
  reports: Type.Array(informationReportSchema, { description: 'Oldest first.' }),
  pagination: cursorPaginationSchema,
});

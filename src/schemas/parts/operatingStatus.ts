// Whether the business is trading, as owners set it and every reader sees it (domain/freshness).
import Type from 'typebox';
import { VERIFIED_BY } from '../../domain/freshness/informationConfirmation';
import { OPERATING_STATUSES } from '../../domain/freshness/operatingStatus';
import { calendarDateSchema } from './dates';
import { stringEnum } from './stringEnum';

const statusValueSchema = stringEnum(OPERATING_STATUSES, {
  description:
    '`open`; `temporarily_closed` (renovation, a season, a holiday: search still finds it and says so, time filters such as ' +
    '"open now" leave it out); `permanently_closed` (search leaves it out; its public page says so).',
});

export const operatingStatusSchema = Type.Object(
  {
    status: statusValueSchema,
    reopensOn: Type.Optional({ ...calendarDateSchema, description: 'While temporarily closed: the day it expects to reopen, in its own calendar (YYYY-MM-DD), when known.' }),
  },
  { additionalProperties: false },
);

/** What a PATCH sends: the whole status (it replaces the stored one); reopensOn only with temporarily_closed, not before today. */
export const operatingStatusChangeSchema = Type.Object(
  {
    status: statusValueSchema,
    reopensOn: Type.Optional(calendarDateSchema),
  },
  {
    additionalProperties: false,
    description:
      'Replaces the stored status as a whole (no merge): {"status": "temporarily_closed", "reopensOn": "2026-12-15"}, {"status": "open"}. ' +
      'reopensOn is accepted only with temporarily_closed, and not before today in the business\'s own calendar.',
  },
);

export const verifiedBySchema = stringEnum(VERIFIED_BY, {
  description: '`owner`: the owner confirmed the information (POST /business/profile/{businessId}/confirm); `verification`: an admin approved a verification request.',
});

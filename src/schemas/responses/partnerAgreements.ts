// Partner agreement answers.
import Type from 'typebox';
import { AGREEMENT_STATUSES, PARTNER_AREAS } from '../../domain/partnerAgreement';
import { stringEnum } from '../parts/stringEnum';
import { timestampSchema } from './common';
import { cursorPaginationSchema } from './lists';

export const partnerAgreementSchema = Type.Object({
  id: Type.String({ description: 'pag_<id>' }),
  accountId: Type.String({ description: 'The partner account: its credentials get the areas.' }),
  partnerName: Type.String(),
  platform: Type.String({ description: 'AI platform the partner is (analytics platform names).' }),
  areas: Type.Array(stringEnum(PARTNER_AREAS)),
  startDate: Type.String({ format: 'date', description: 'First day in force (UTC).' }),
  endDate: Type.Optional(Type.String({ format: 'date', description: 'Last day in force (UTC, inclusive); absent: open-ended.' })),
  status: stringEnum(AGREEMENT_STATUSES, { description: 'As set by admins.' }),
  state: stringEnum(['in_force', 'scheduled', 'expired', 'suspended', 'terminated'], {
    description: 'Today (UTC): in_force grants its areas; scheduled has not started; expired has ended; suspended and terminated grant nothing.',
  }),
  note: Type.Optional(Type.String()),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

export const partnerAgreementListSchema = Type.Object({
  agreements: Type.Array(partnerAgreementSchema, { description: 'Oldest first.' }),
  pagination: cursorPaginationSchema,
});

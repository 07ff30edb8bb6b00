// Partner agreement answers (issue 20).
import type { SchemaObject } from 'ajv';
import { AGREEMENT_STATUSES, PARTNER_AREAS } from '../../domain/partnerAgreement';
import { timestampSchema } from './common';
import { cursorPaginationSchema } from './lists';

export const partnerAgreementSchema: SchemaObject = {
  type: 'object',
  required: ['id', 'accountId', 'partnerName', 'platform', 'areas', 'startDate', 'status', 'state', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string', description: 'pag_<id>' },
    accountId: { type: 'string', description: 'The partner account: its credentials get the areas.' },
    partnerName: { type: 'string' },
    platform: { type: 'string', description: 'AI platform the partner is (analytics platform names).' },
    areas: { type: 'array', items: { type: 'string', enum: [...PARTNER_AREAS] } },
    startDate: { type: 'string', format: 'date', description: 'First day in force (UTC).' },
    endDate: { type: 'string', format: 'date', description: 'Last day in force (UTC, inclusive); absent: open-ended.' },
    status: { type: 'string', enum: [...AGREEMENT_STATUSES], description: 'As set by admins.' },
    state: {
      type: 'string',
      enum: ['in_force', 'scheduled', 'expired', 'suspended', 'terminated'],
      description: 'Today (UTC): in_force grants its areas; scheduled has not started; expired has ended; suspended and terminated grant nothing.',
    },
    note: { type: 'string' },
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  },
};

export const partnerAgreementListSchema: SchemaObject = {
  type: 'object',
  required: ['agreements', 'pagination'],
  properties: {
    agreements: { type: 'array', items: partnerAgreementSchema, description: 'Oldest first.' },
    pagination: cursorPaginationSchema,
  },
};

// Answers of the operations made for assistants (issue 23): the opening check (MCP check_open,
// GraphQL Business.openAt) and the list of business kinds (MCP list_categories).
import type { SchemaObject } from 'ajv';
import { WEEKDAYS } from '../../domain/profile';
import { dayHoursSchema } from '../parts/hours';

export const openingCheckSchema: SchemaObject = {
  type: 'object',
  title: 'OpeningCheck',
  required: ['businessId', 'name', 'timeZone', 'localTime', 'weekday', 'open', 'blackoutDate', 'hoursThatDay', 'closure', 'reopensOn'],
  properties: {
    businessId: { type: 'string' },
    name: { type: 'string' },
    timeZone: { type: ['string', 'null'], description: 'IANA zone the hours are read in; null without coordinates.' },
    localTime: { type: 'string', description: 'The local date and time checked, YYYY-MM-DDTHH:MM' },
    weekday: { type: 'string', enum: [...WEEKDAYS] },
    open: { type: 'boolean' },
    blackoutDate: { type: 'boolean', description: 'The date is a blackout date: closed all day whatever the weekly hours say' },
    closure: {
      type: ['string', 'null'],
      enum: ['temporarily_closed', 'permanently_closed', null],
      description:
        'Why it is closed whatever its hours say: `permanently_closed`, or `temporarily_closed` before the day it expects to reopen ' +
        '(from that day on its weekly hours apply again); null otherwise.',
    },
    reopensOn: { type: ['string', 'null'], format: 'date', description: 'While temporarily closed: the day it expects to reopen, when known.' },
    hoursThatDay: { anyOf: [dayHoursSchema, { type: 'null' }], description: 'The hours stated for that weekday; null when none are stated.' },
  },
};

export const categoryListSchema: SchemaObject = {
  type: 'object',
  title: 'CategoryList',
  required: ['taxonomyVersion', 'categories'],
  properties: {
    taxonomyVersion: { type: 'string', description: 'The taxonomy\'s version: the tagging schema package\'s and our additions\'.' },
    categories: {
      type: 'array',
      items: {
        type: 'object',
        title: 'CategoryKind',
        required: ['category', 'key', 'alsoCalled'],
        properties: {
          category: { type: 'string', description: 'The kind\'s name.' },
          key: { type: 'string', description: 'Its key in the taxonomy (amenity/dentist).' },
          alsoCalled: { type: 'array', items: { type: 'string' }, description: 'Other names people use for it.' },
        },
      },
    },
  },
};

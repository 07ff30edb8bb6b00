// Answers of the operations made for assistants: the opening check (MCP check_open,
// GraphQL Business.openAt) and the list of business kinds (MCP list_categories).
import Type from 'typebox';
import { WEEKDAYS } from '../../domain/profile';
import { dayHoursSchema } from '../parts/hours';
import { nullable } from '../parts/nullable';
import { stringEnum } from '../parts/stringEnum';

export const openingCheckSchema = Type.Object(
  {
    businessId: Type.String(),
    name: Type.String(),
    timeZone: nullable(Type.String({ description: 'IANA zone the hours are read in; null without coordinates.' })),
    localTime: Type.String({ description: 'The local date and time checked, YYYY-MM-DDTHH:MM' }),
    weekday: stringEnum(WEEKDAYS),
    open: Type.Boolean(),
    blackoutDate: Type.Boolean({ description: 'The date is a blackout date: closed all day whatever the weekly hours say' }),
    closure: nullable(
      stringEnum(['temporarily_closed', 'permanently_closed'], {
        description:
          'Why it is closed whatever its hours say: `permanently_closed`, or `temporarily_closed` before the day it expects to reopen ' +
          '(from that day on its weekly hours apply again); null otherwise.',
      }),
    ),
    reopensOn: nullable(Type.String({ format: 'date', description: 'While temporarily closed: the day it expects to reopen, when known.' })),
    hoursThatDay: Type.Union([dayHoursSchema, Type.Null()], { description: 'The hours stated for that weekday; null when none are stated.' }),
  },
  { title: 'OpeningCheck' },
);

export const categoryListSchema = Type.Object(
  {
    taxonomyVersion: Type.String({ description: 'The taxonomy\'s version: the tagging schema package\'s and our additions\'.' }),
    categories: Type.Array(
      Type.Object(
        {
          category: Type.String({ description: 'The kind\'s name.' }),
          key: Type.String({ description: 'Its key in the taxonomy (amenity/dentist).' }),
          alsoCalled: Type.Array(Type.String(), { description: 'Other names people use for it.' }),
        },
        { title: 'CategoryKind' },
      ),
    ),
  },
  { title: 'CategoryList' },
);

import Type from 'typebox';
import { httpsUrlSchema } from './httpsUrl';

/** 254 characters is the longest address SMTP can deliver to (RFC 5321 path limit). */
export const emailSchema = Type.String({ maxLength: 254, format: 'email', 'x-issue': 'must be an email address' });

// E.164 (+15125550100) or the usual written forms ("(512) 555-0100", "+1 512-555-0100",
// "512.555.0100"): digits with spaces, dots, hyphens and brackets, 7-15 digits in all
// (E.164's maximum). The service normalises to E.164 before storing.
export const phoneSchema = Type.String({
  maxLength: 32,
  pattern: '^(?=(?:\\D*\\d){7,15}\\D*$)\\+?[\\d(][\\d ().-]*\\d$',
  'x-issue': 'must be a phone number such as +15125550100 or (512) 555-0100',
});

export const contactSchema = Type.Object(
  { phone: Type.Optional(phoneSchema), email: Type.Optional(emailSchema), website: Type.Optional(httpsUrlSchema) },
  { additionalProperties: false },
);

// Our two schema extensions. Both use the `x-` prefix so that OpenAPI 3.1 readers treat them
// as specification extensions and the same objects stay valid in the published document.
import type Ajv from 'ajv';

/**
 * `x-issue`: the plain-words issue reported when a value fails the schema's pattern, format
 * or enum ("must be an https URL" instead of "must match pattern ^https://").
 */
export const ISSUE_KEYWORD = 'x-issue';

/**
 * `x-minimumSibling: 'minAmount'` on `maxAmount`: the value must not be below its sibling.
 * A custom keyword rather than ajv's `$data`, whose `{ $data }` objects are not JSON Schema.
 */
export const MINIMUM_SIBLING_KEYWORD = 'x-minimumSibling';

/**
 * `x-unicodePattern`: a pattern with Unicode property escapes (\p{Cf}), tested with the `u` flag.
 * OpenAPI tools cannot generate data for property escapes, so a schema states the
 * closest pattern they can read in `pattern` and the exact rule here, beside it in the document.
 */
export const UNICODE_PATTERN_KEYWORD = 'x-unicodePattern';

export function addSchemaKeywords(ajv: Ajv): void {
  ajv.addKeyword({ keyword: ISSUE_KEYWORD, schemaType: 'string' });
  ajv.addKeyword({
    keyword: UNICODE_PATTERN_KEYWORD,
    type: 'string',
    schemaType: 'string',
    compile(pattern: string) {
      const exact = new RegExp(pattern, 'u');
      return (value: string) => exact.test(value);
    },
  });
  ajv.addKeyword({
    keyword: MINIMUM_SIBLING_KEYWORD,
    type: 'number',
    schemaType: 'string',
    errors: true,
    validate: function minimumSibling(
      sibling: string,
      value: number,
      _parentSchema?: unknown,
      dataCxt?: { parentData: Record<string, unknown> },
    ): boolean {
      const other = dataCxt?.parentData[sibling];
      return typeof other !== 'number' || value >= other;
    },
  });
}

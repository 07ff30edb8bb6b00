// The owner's setting for the business's public web page (/b/{slug}, docs/visibility.md).
import { PUBLIC_PAGE_SETTINGS } from '../../domain/profile';
import { stringEnum } from './stringEnum';

export const publicPageSettingSchema = stringEnum(PUBLIC_PAGE_SETTINGS, {
  description:
    'The public web page of a published live business (/b/{slug}: HTML with schema.org JSON-LD, and its Markdown twin): ' +
    '`indexed` (default) serves it and lists it in the sitemap, llms.txt and IndexNow; `noindex` serves it with noindex ' +
    '(meta robots and X-Robots-Tag) and lists it nowhere; `off` serves no page at all (404).',
});

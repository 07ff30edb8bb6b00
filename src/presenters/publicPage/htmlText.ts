// Escaping for the public pages: every owner-written value goes through one of these before it
// reaches HTML or Markdown, so a name like `<script>` or `[x](javascript:...)` stays text.

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an HTML element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

/** A link target: http(s), mailto: and tel: only (no javascript: or data:), escaped for an attribute; undefined otherwise. */
export function safeHref(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(parsed.protocol) ? escapeHtml(parsed.toString()) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Text inside a Markdown line, folded into one line: the characters that open emphasis, code,
 * links, images, HTML or tables are backslash-escaped (a "[" can then start no link, a "<" no tag).
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').replace(/[\\`*_[\]<>|~!]/g, (char) => `\\${char}`);
}

/** Prose paragraphs in Markdown: each escaped, and a leading "#", "-", "+", "=" or "1." cannot start a block. */
export function escapeMarkdownParagraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => escapeMarkdown(paragraph.trim()).replace(/^([#+\-=])/, '\\$1').replace(/^(\d+)([.)])/, '$1\\$2'))
    .filter(Boolean)
    .join('\n\n');
}

// The fenced code blocks of the README and docs/*.md, with where they are and the HTML comment
// (if any) just above them: `<!-- docs-test: not run (why) -->` exempts a block from being run,
// `<!-- name:start -->` names it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../..');

export interface MarkdownBlock {
  /** Relative to the repository: README.md, docs/search.md. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  language: string;
  code: string;
  /** The HTML comment on the line(s) above the fence, without the comment markers. */
  note?: string;
}

/** README.md and every docs/*.md, in that order. */
export function documentationFiles(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

export function readDoc(file: string): string {
  return readFileSync(join(ROOT, file), 'utf8');
}

export function markdownBlocks(file: string): MarkdownBlock[] {
  const lines = readDoc(file).split('\n');
  const blocks: MarkdownBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})(\S*)\s*$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, language] = open;
    let end = i + 1;
    while (end < lines.length && !new RegExp(`^\\s*${fence}\\s*$`).test(lines[end])) end++;
    // A block inside a list item is indented: its code is read without that indentation.
    const code = lines
      .slice(i + 1, end)
      .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
      .join('\n');
    let above = i - 1;
    while (above >= 0 && lines[above].trim() === '') above--;
    const comment = above >= 0 ? /^\s*<!--\s*([\s\S]*?)\s*-->\s*$/.exec(lines[above]) : null;
    blocks.push({ file, line: i + 1, language, code: `${code}\n`, ...(comment && { note: comment[1] }) });
    i = end;
  }
  return blocks;
}

/** The block right after `<!-- name:start -->` in a file. */
export function namedBlock(file: string, name: string): MarkdownBlock {
  const block = markdownBlocks(file).find((candidate) => candidate.note === `${name}:start`);
  if (!block) throw new Error(`${file} has no code block right after <!-- ${name}:start -->`);
  return block;
}

/** A shell block that calls the API: curl, $BASE, or a URL to /v1/. */
export function talksToTheService(block: MarkdownBlock): boolean {
  if (!['bash', 'sh', 'shell', 'console'].includes(block.language)) return false;
  return /\bcurl\b|\$\{?BASE\b|https?:\/\/[^\s'"]*\/v1\b/.test(block.code);
}

/** Why a block is not run, when its comment says `docs-test: not run (why)`. */
export function notRunReason(block: MarkdownBlock): string | undefined {
  return /^docs-test: not run \((.+)\)$/.exec(block.note ?? '')?.[1];
}

// Reads an HTML page with parse5 (the WHATWG parsing algorithm browsers use), so a test sees the
// elements a browser would build, not what a regular expression guesses.
import { parse } from 'parse5';

interface Node {
  nodeName: string;
  tagName?: string;
  attrs?: Array<{ name: string; value: string }>;
  childNodes?: Node[];
  value?: string;
  content?: Node;
}

export interface HtmlElement {
  tag: string;
  attributes: Record<string, string>;
  text: string;
}

function textOf(node: Node): string {
  if (node.nodeName === '#text') return node.value ?? '';
  return (node.childNodes ?? []).map(textOf).join('');
}

/** Every element of the document, in document order. */
export function htmlElements(html: string): HtmlElement[] {
  const out: HtmlElement[] = [];
  const walk = (node: Node) => {
    if (node.tagName) out.push({ tag: node.tagName, attributes: Object.fromEntries((node.attrs ?? []).map((a) => [a.name, a.value])), text: textOf(node) });
    for (const child of node.childNodes ?? []) walk(child);
  };
  walk(parse(html) as unknown as Node);
  return out;
}

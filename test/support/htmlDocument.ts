// Reads an HTML page with parse5 (the WHATWG parsing algorithm browsers use), so a test sees the
// elements a browser would build, not what a regular expression guesses.
import { defaultTreeAdapter as tree, parse, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];

const childrenOf = (node: Node): Node[] => ('childNodes' in node ? node.childNodes : []);

export interface HtmlElement {
  tag: string;
  attributes: Record<string, string>;
  text: string;
}

function textOf(node: Node): string {
  if (tree.isTextNode(node)) return tree.getTextNodeContent(node);
  return childrenOf(node).map(textOf).join('');
}

/** Every element of the document, in document order. */
export function htmlElements(html: string): HtmlElement[] {
  const out: HtmlElement[] = [];
  const walk = (node: Node) => {
    if (tree.isElementNode(node)) out.push({ tag: node.tagName, attributes: Object.fromEntries(node.attrs.map((a) => [a.name, a.value])), text: textOf(node) });
    for (const child of childrenOf(node)) walk(child);
  };
  walk(parse(html));
  return out;
}

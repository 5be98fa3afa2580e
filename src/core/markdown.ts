import type { Nodes, Root } from 'mdast';
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';

// GFM for tables, strikethrough and autolinks, which real corpora use.
const parser = remark().use(remarkGfm);
const htmlRenderer = unified().use(remarkGfm).use(remarkRehype).use(rehypeStringify);

export function parseMarkdown(markdown: string): Root {
  return parser.parse(markdown);
}

/** Renders a tree (after any `data.hProperties` edits such as heading ids) to HTML; raw HTML is dropped. */
export function renderHtml(tree: Root): string {
  return htmlRenderer.stringify(htmlRenderer.runSync(tree));
}

/**
 * Plain text of inline content, markdown syntax stripped. Unlike mdast-util-to-string, a hard line break
 * becomes a space and raw HTML loses its tags, so words never run together.
 */
export function inlineText(node: Nodes): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
      return node.value;
    case 'break':
      return ' ';
    case 'html':
      return node.value.replace(/<[^>]*>/g, ' ');
    case 'image':
    case 'imageReference':
      return node.alt ?? '';
    case 'footnoteReference':
    case 'definition':
    case 'footnoteDefinition':
      return '';
    default:
      return 'children' in node ? node.children.map((c) => inlineText(c as Nodes)).join('') : '';
  }
}

export function collapseSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Readable plain-text lines for one block: a paragraph is one line, a list one line per item (with its
 * marker), a table one line per row with cells joined by " | ". Lists and tables are split into lines so
 * the chunker can cut between items rather than inside them.
 */
export function blockLines(node: Nodes, indent = ''): string[] {
  switch (node.type) {
    case 'heading':
    case 'paragraph':
      return nonEmpty([indent + collapseSpace(inlineText(node))]);
    case 'code':
    case 'html':
      return nonEmpty([indent + collapseSpace(node.type === 'html' ? inlineText(node) : node.value)]);
    case 'list': {
      const start = node.start ?? 1;
      return node.children.flatMap((item, i) => {
        const marker = node.ordered ? `${start + i}.` : '-';
        const [first = '', ...rest] = item.children.flatMap((child) => blockLines(child, `${indent}  `));
        return nonEmpty([`${indent}${marker} ${first.trim()}`, ...rest]);
      });
    }
    case 'table':
      return node.children.map(
        (row) => indent + row.children.map((cell) => collapseSpace(inlineText(cell))).join(' | '),
      );
    case 'blockquote':
      return node.children.flatMap((child) => blockLines(child, indent));
    case 'thematicBreak':
    case 'definition':
    case 'footnoteDefinition':
      return [];
    default:
      return 'children' in node ? nonEmpty([indent + collapseSpace(inlineText(node))]) : [];
  }
}

function nonEmpty(lines: string[]): string[] {
  return lines.filter((line) => line.trim() !== '');
}

/** Plain text of a whole markdown document, paragraphs separated by blank lines. */
export function markdownToText(markdown: string): string {
  return parseMarkdown(markdown)
    .children.map((block) => blockLines(block).join('\n'))
    .filter((block) => block !== '')
    .join('\n\n');
}

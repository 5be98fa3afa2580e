import GithubSlugger from 'github-slugger';
import type { Root } from 'mdast';
import { blockLines, collapseSpace, inlineText, parseMarkdown, renderHtml } from '../markdown.js';

/** The run of blocks between one heading and the next; chunks never cross a section boundary. */
export interface Section {
  heading: string;
  /** Headings from the outermost down to this one; empty for text before the first heading. */
  path: string[];
  /** Unique within its source page; the docs page puts the same id on the heading. */
  anchor: string;
  /** Markdown heading level, 1-6; 0 for text before the first heading. */
  depth: number;
  /** Blocks as plain text, in order; each block is one or more lines. */
  blocks: string[][];
}

export interface SectionedSource {
  sections: Section[];
  /** The source body as HTML, every heading carrying its section's anchor as `id`. */
  html: string;
}

/** Anchor of the text before a source's first heading; reserved first so a heading of that name gets a suffix. */
export const INTRO_ANCHOR = 'introduction';

/**
 * Splits a markdown body at its headings. Heading depth decides the path: a `##` under a `#` is its child,
 * and a later heading of equal or higher level closes it, whatever the levels used (corpora mix `#` and `##`).
 */
export function splitSections(markdown: string, title: string): SectionedSource {
  const tree = parseMarkdown(markdown);
  const slugger = new GithubSlugger();
  const sections: Section[] = [];
  const stack: { depth: number; text: string }[] = [];
  let current: Section | undefined;

  for (const node of tree.children) {
    if (node.type === 'heading') {
      const text = collapseSpace(inlineText(node)) || `Section ${sections.length + 1}`;
      while (stack.length > 0 && (stack.at(-1)?.depth ?? 0) >= node.depth) stack.pop();
      stack.push({ depth: node.depth, text });
      // A heading of punctuation alone slugs to nothing; its position still makes a unique anchor.
      const anchor = slugger.slug(text) || slugger.slug(`section-${sections.length + 1}`);
      node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id: anchor } };
      current = { heading: text, path: stack.map((h) => h.text), anchor, depth: node.depth, blocks: [] };
      sections.push(current);
      continue;
    }
    const lines = blockLines(node);
    if (lines.length === 0) continue;
    if (current === undefined) {
      slugger.slug(INTRO_ANCHOR);
      current = { heading: title, path: [], anchor: INTRO_ANCHOR, depth: 0, blocks: [] };
      sections.push(current);
    }
    current.blocks.push(lines);
  }
  if (sections[0]?.depth === 0) markIntro(tree);
  return { sections, html: renderHtml(tree) };
}

/** Gives the text before the first heading an element to land on, so its chunks' URLs resolve too. */
function markIntro(tree: Root): void {
  tree.children.unshift({
    type: 'paragraph',
    children: [],
    data: { hName: 'span', hProperties: { id: INTRO_ANCHOR } },
  });
}

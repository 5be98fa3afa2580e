import GithubSlugger from 'github-slugger';
import type { Nodes, Root, RootContent } from 'mdast';
import { blockLines, collapseSpace, inlineText, parseMarkdown, renderHtml } from '../markdown.js';
import { pinpointAnchor, type Address } from '../legal/address.js';
import { itemLabel } from '../legal/framework.js';
import { MENTION } from '../legal/mentions.js';
import { StructureTracker, type LineMark } from './structure.js';
import { AMENDING, AMENDS, mentioned, type MentionHref } from './references.js';

/** The run of blocks between one heading and the next; chunks never cross a section boundary. */
export interface Section {
  heading: string;
  /** Headings from the outermost down to this one; empty for text before the first heading. */
  path: string[];
  /** Unique within its source page; the docs page puts the same id on the heading. */
  anchor: string;
  /** Markdown heading level, 1-6; 0 for text before the first heading. */
  depth: number;
  /** Blocks as plain text, in order; each block is one or more lines. A list gives one block per item. */
  blocks: string[][];
  /** Per block: the legal element it opens or continues (structure.ts), and its own anchor when it has one. */
  marks: (LineMark & { anchor?: string })[];
  /** The heading's own legal address ("Article 5" → Art. 5), when it has one. */
  address?: Address | undefined;
}

/**
 * The links a mention, and each provision written in the list after it, get on the page (`#anchor`, or another
 * page's URL), given the whole text of its block; positions are in that text.
 */
export type MentionLink = (text: string, match: RegExpMatchArray, within?: Address) => MentionHref[];

export interface SectionedSource {
  sections: Section[];
  /** The source body as HTML, every heading carrying its section's anchor as `id`, mentions of its own provisions linked. */
  readonly html: string;
  /** The same HTML with mentions linked as `link` says (references.ts decides, across sources). */
  render(link: MentionLink): string;
  /** The anchor on this page of a provision, or of the nearest element holding it. */
  anchorOf(address: Address): string | undefined;
}

/**
 * The anchor of a provision, or of the nearest element holding it. Built apart from the page's tree, so that a
 * build keeping the lookups of other sources' pages (to link mentions of them) does not keep their trees.
 */
function anchorLookup(elementAnchors: ReadonlySet<string>, headingAnchors: ReadonlyMap<string, string>): (a: Address) => string | undefined {
  return (a) => {
    for (let n = a.parts.length; n >= 0; n--) {
      const key = pinpointAnchor({ ...a, parts: a.parts.slice(0, n) });
      if (elementAnchors.has(key)) return key;
      if (headingAnchors.has(key)) return headingAnchors.get(key);
    }
    return undefined;
  };
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
  const tracker = new StructureTracker(markdown);
  const elementAnchors = new Set<string>();
  /** Element anchor → the heading anchor of a headed element (an Article, an Annex), for links to it. */
  const headingAnchors = new Map<string, string>();
  /**
   * Blocks whose mentions may become links (not those of an Article amending another act), with the element each
   * stands in, which a bare "paragraph 2" is read within.
   */
  const linkable = new Map<Nodes, Address | undefined>();
  let current: Section | undefined;
  /** The section whose amending lead-in ("… is amended as follows:") has been read. */
  let amending: Section | undefined;

  for (const node of tree.children) {
    if (node.type === 'heading') {
      const text = collapseSpace(inlineText(node)) || `Section ${sections.length + 1}`;
      while (stack.length > 0 && (stack.at(-1)?.depth ?? 0) >= node.depth) stack.pop();
      stack.push({ depth: node.depth, text });
      // A heading of punctuation alone slugs to nothing; its position still makes a unique anchor.
      const anchor = slugger.slug(text) || slugger.slug(`section-${sections.length + 1}`);
      node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id: anchor } };
      const address = tracker.heading(text, node.depth);
      if (address !== undefined && !headingAnchors.has(pinpointAnchor(address))) headingAnchors.set(pinpointAnchor(address), anchor);
      current = { heading: text, path: stack.map((h) => h.text), anchor, depth: node.depth, blocks: [], marks: [] };
      if (address !== undefined) current.address = address;
      sections.push(current);
      continue;
    }
    for (const { block, lines } of blocksOf(node, markdown)) {
      if (current === undefined) {
        slugger.slug(INTRO_ANCHOR);
        current = { heading: title, path: [], anchor: INTRO_ANCHOR, depth: 0, blocks: [], marks: [] };
        sections.push(current);
      }
      const mark: LineMark & { anchor?: string } = tracker.line(lines[0] ?? '', lines);
      // Each element's first block carries an id a pinpoint URL lands on; heading slugs never look like these.
      if (mark.opens && mark.address !== undefined) {
        const id = pinpointAnchor(mark.address);
        if (!elementAnchors.has(id)) {
          elementAnchors.add(id);
          mark.anchor = id;
          block.data = { ...block.data, hProperties: { ...block.data?.hProperties, id } };
        }
      }
      current.blocks.push(lines);
      current.marks.push(mark);
      // From an amending lead-in on, the section quotes another act: its mentions are that act's.
      if (AMENDS.test(lines.join(' '))) amending = current;
      if (amending !== current && !current.path.some((heading) => AMENDING.test(heading))) linkable.set(block, mark.address);
    }
  }
  if (sections[0]?.depth === 0) markIntro(tree);
  const anchorOf = anchorLookup(elementAnchors, headingAnchors);
  const render = (link: MentionLink): string => {
    // Linking edits the tree, so each rendering works on its own copy.
    const copy = structuredClone(tree);
    const walk = (node: Nodes, original: Nodes) => {
      if (linkable.has(original)) linkMentions(node, inlineText(node), { at: 0 }, (text, match) => link(text, match, linkable.get(original)));
      else if ('children' in node && 'children' in original) node.children.forEach((child, i) => walk(child as Nodes, original.children[i] as Nodes));
    };
    walk(copy, tree);
    return renderHtml(copy);
  };
  const own: MentionLink = (text, match, within) =>
    mentioned(text, match, within).flatMap(({ address, at, end }) => {
      const anchor = at === end ? undefined : anchorOf(address);
      return anchor === undefined ? [] : [{ at, end, href: `#${anchor}` }];
    });
  return {
    sections,
    anchorOf,
    render,
    get html() {
      return headingAnchors.size > 0 ? render(own) : renderHtml(tree);
    },
  };
}

/**
 * A node's blocks: each item of a list on its own (a list of framework items is many elements), else the node. An
 * item keeps the number printed in the source: markdown would count on from the list's first, but a consolidated
 * text leaves gaps where points were deleted ("1.", "3."), and the number is the provision's address.
 */
function blocksOf(node: RootContent, markdown: string): { block: Nodes; lines: string[] }[] {
  if (node.type !== 'list') {
    const lines = blockLines(node);
    return lines.length === 0 ? [] : [{ block: node, lines }];
  }
  const start = node.start ?? 1;
  const printed = (item: Nodes, i: number) => {
    const at = item.position?.start.offset;
    const number = at === undefined ? undefined : /^\s*(\d+)[.)]/.exec(markdown.slice(at, at + 12))?.[1];
    return number === undefined ? start + i : Number(number);
  };
  return node.children
    .map((item, i) => ({ block: item as Nodes, lines: blockLines({ ...node, start: printed(item, i), children: [item] }) }))
    .filter((b) => b.lines.length > 0);
}

/**
 * Turns the mentions in a block's text into links where `link` gives one. `text` is the block's whole plain text
 * (what its chunks hold) and `offset.at` where the node's own text starts in it, so a mention is read in its
 * sentence even when emphasis or a link splits that sentence into several nodes.
 */
function linkMentions(node: Nodes, text: string, offset: { at: number }, link: MentionLink): void {
  if (!('children' in node)) return;
  const children: RootContent[] = [];
  for (const child of node.children as RootContent[]) {
    if (child.type !== 'text') {
      if (child.type === 'link' || child.type === 'heading' || !('children' in child)) offset.at += inlineText(child as Nodes).length;
      else linkMentions(child as Nodes, text, offset, link);
      children.push(child);
      continue;
    }
    let last = 0;
    for (const match of child.value.matchAll(MENTION)) {
      if (match.index < last) continue;
      const shifted = Object.assign([...match], { index: offset.at + match.index, input: text, groups: match.groups }) as RegExpMatchArray;
      // A block opening on "GOVERN 1.6:" is that item: its label names it, it does not cite it.
      if (shifted.index === 0 && itemLabel(text) === match[0]) continue;
      for (const { at, end, href } of link(text, shifted)) {
        // Positions are in the block's text; a list item beyond this text node (after emphasis) stays text.
        const [from, to] = [at - offset.at, end - offset.at];
        if (from < last || to > child.value.length) continue;
        if (from > last) children.push({ type: 'text', value: child.value.slice(last, from) });
        children.push({ type: 'link', url: href, children: [{ type: 'text', value: child.value.slice(from, to) }] });
        last = to;
      }
    }
    children.push(last === 0 ? child : { type: 'text', value: child.value.slice(last) });
    offset.at += child.value.length;
  }
  (node as { children: RootContent[] }).children = children;
}

/** Gives the text before the first heading an element to land on, so its chunks' URLs resolve too. */
function markIntro(tree: Root): void {
  tree.children.unshift({
    type: 'paragraph',
    children: [],
    data: { hName: 'span', hProperties: { id: INTRO_ANCHOR } },
  });
}

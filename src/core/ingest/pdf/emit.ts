import { type Block, cleanText } from '../blocks.js';
import { repeatedParagraphs } from './furniture.js';
import { frameworkCodes, isFrameworkGroup, isFrameworkItem, wrappedName } from './headings/framework.js';
import { LAYOUT } from './layout-params.js';
import { BULLET } from './openings.js';
import type { Paragraph } from './paragraphs.js';

/**
 * Emission: the paragraphs as the blocks the rest of ingest renders. A paragraph marked as a heading is one; repeated
 * furniture is left out; a framework's items and bullets make list items, its groups headings; the footnotes follow
 * under a heading of their own.
 */
export function toBlocks(paragraphs: readonly Paragraph[], notes: readonly string[]): Block[] {
  const furniture = repeatedParagraphs(paragraphs);
  const codes = frameworkCodes(paragraphs);
  const blocks: Block[] = [];
  let sectionLevel = 1;
  for (const [i, p] of paragraphs.entries()) {
    const text = cleanText(p.text);
    if (p.heading !== undefined) {
      blocks.push({ kind: 'heading', level: p.heading, text });
      sectionLevel = p.heading;
      continue;
    }
    if (furniture.has(p)) continue;
    if (isFrameworkItem(text, codes)) blocks.push({ kind: 'item', text });
    else if (isFrameworkGroup(text, codes)) {
      const head = wrappedName(paragraphs[i - 1], p, blocks.at(-1));
      if (head !== undefined) blocks.pop();
      blocks.push({ kind: 'heading', level: Math.min(LAYOUT.headings.maxLevel, sectionLevel + 1), text: head === undefined ? text : `${head} ${text}` });
    } else if (BULLET.test(text)) blocks.push({ kind: 'item', text: text.replace(BULLET, '') });
    else blocks.push({ kind: 'paragraph', text });
  }
  if (notes.length > 0) {
    blocks.push({ kind: 'heading', level: 1, text: 'Footnotes' });
    for (const text of notes) blocks.push({ kind: 'paragraph', text: cleanText(text) });
  }
  return blocks;
}

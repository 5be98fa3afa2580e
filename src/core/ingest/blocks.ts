/**
 * The intermediate form every reader produces: a flat list of headings, paragraphs and list items in reading
 * order. Rendering it gives the markdown layout of the hand-made conversions (see content/README.md): one
 * blank line between blocks, enumerations flattened into their own paragraphs.
 */
export type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'item'; text: string }
  /** Text quoted by an amending provision (an inserted Article, a replaced Chapter): one blockquote per run. */
  | { kind: 'quote'; text: string };

/** An act's number as its title states it: "(EU) 2022/2065", "(EU) No 1025/2012", "2000/31/EC". */
export const ACT_NUMBER = String.raw`(?<![\d/])(?:\d{4}\/\d{1,4}|\d{1,4}\/\d{4})(?!\d)`;

/** Collapses runs of white space (including no-break and thin spaces) to one space. */
export function cleanText(text: string): string {
  return text.replace(/[\s\u00a0\u2000-\u200b\u202f\u205f\u3000]+/g, ' ').trim();
}

/**
 * Markdown for the blocks. Text that markdown would read as syntax at the start of a line (`#`, `>`, a `-`
 * bullet, `1)` lists, a table pipe) is escaped so that a paragraph stays a paragraph; `1.` and `(a)` are left
 * alone because the structure-aware chunker reads them as numbered paragraphs and points. A run of quoted
 * blocks is one blockquote, its `1.` escaped too: the chunker reads a blockquote as one block, so the quoted
 * act's Articles and paragraphs never pass for the quoting act's own.
 */
export function renderBlocks(blocks: readonly Block[]): string {
  const out: string[] = [];
  let quoting = false;
  for (const block of blocks) {
    const text = cleanText(block.text);
    if (text === '') continue;
    const line =
      block.kind === 'heading'
        ? `${'#'.repeat(Math.min(Math.max(block.level, 1), 6))} ${text}`
        : block.kind === 'item'
          ? `- ${escapeInline(text)}`
          : escapeLineStart(escapeInline(text), block.kind === 'quote');
    if (block.kind === 'quote' && quoting) out[out.length - 1] += `\n>\n> ${line}`;
    else out.push(block.kind === 'quote' ? `> ${line}` : line);
    quoting = block.kind === 'quote';
  }
  return `${out.join('\n\n')}\n`;
}

function escapeLineStart(text: string, quoted: boolean): string {
  const escaped = text.replace(/^(#{1,6}\s|>|[-+*]\s|\d+\)\s|\|)/, '\\$1');
  return escaped.replace(quoted ? /^(\d+)\.(?=\s|$)/ : /^(\d+)\.(?=\s*$)/, '$1\\.');
}

/**
 * Characters that would otherwise turn literal text into code, links or HTML; `*` and `_` only when there are
 * two of them (one alone, as in an OJ "(*)" note, cannot open emphasis).
 */
function escapeInline(text: string): string {
  let out = text.replace(/([\\`[\]<])/g, '\\$1');
  for (const mark of ['*', '_']) if (out.split(mark).length > 2) out = out.split(mark).join(`\\${mark}`);
  return out;
}

export function headingCount(blocks: readonly Block[]): number {
  return blocks.filter((block) => block.kind === 'heading').length;
}

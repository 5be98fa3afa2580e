import { createHash } from 'node:crypto';
import { Feed } from 'feed';
import type { Change } from '../core/changes.js';

/** Feeds stay small for readers that fetch them often; the API pages through the whole history. */
export const FEED_MAX_ENTRIES = 100;

/** The library writes titles and summaries as type="html": escape our plain text so readers show it literally. */
function asHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A stable Atom id per change: the same entry, date and note give the same id on every build. */
function changeId(c: Change): string {
  const digest = createHash('sha256').update(`${c.kind}\n${c.id}\n${c.date}\n${c.note}`).digest('hex').slice(0, 12);
  return `urn:occ:change:${c.kind}:${c.id}:${c.date}:${digest}`;
}

/** The corpus's changes as an Atom 1.0 document, newest first, links absolute on `origin`. */
export function changesAtom(changes: readonly Change[], origin: string, builtAt: string, attribution: string): string {
  const home = new URL('/', origin).href;
  const feed = new Feed({
    title: 'OCC: what changed in the corpus',
    description: 'Sources, glossary terms and insights added to or corrected in OCC, newest first.',
    id: new URL('/changes', origin).href,
    link: new URL('/changes', origin).href,
    language: 'en',
    updated: new Date(changes[0]?.date ?? builtAt),
    copyright: attribution,
    generator: 'OCC',
    feedLinks: { atom: new URL('/changes.xml', origin).href },
    author: { name: 'OCC contributors', link: home },
  });
  for (const c of changes.slice(0, FEED_MAX_ENTRIES)) {
    feed.addItem({
      title: asHtml(`${c.title}: ${c.note}`),
      id: changeId(c),
      link: new URL(c.url, origin).href,
      description: asHtml(`${c.kind} ${c.id}, ${c.date}: ${c.note}${c.event ? ` (follows: ${c.event.what}, ${c.event.date})` : ''}`),
      date: new Date(`${c.date}T00:00:00Z`),
      category: [{ name: c.kind, term: c.kind }],
    });
  }
  return feed.atom1();
}

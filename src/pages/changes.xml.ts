import { attribution, siteOrigin } from '../server/config.js';
import { loadedCorpus } from '../server/corpus.js';
import { loadedService } from '../server/engine.js';
import { changesAtom } from '../site/changes-feed.js';

/** Prerendered: the corpus's changes as an Atom feed, for people who subscribe rather than poll /api/occ/changes. */
export const prerender = true;

export function GET(): Response {
  const corpus = loadedCorpus();
  const xml = changesAtom(loadedService().changes, siteOrigin(), corpus.builtAt, attribution());
  return new Response(xml, { headers: { 'content-type': 'application/atom+xml; charset=utf-8' } });
}

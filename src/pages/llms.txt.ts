import { llmsTxt } from '../site/llms.js';
import { loadedCorpus } from '../server/corpus.js';

/** Prerendered: /llms.txt (llmstxt.org): what OCC is and where the machine-readable references are. */
export const prerender = true;

export function GET(): Response {
  const corpus = loadedCorpus();
  return new Response(llmsTxt(corpus), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

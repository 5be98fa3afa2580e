import { apiMarkdown } from '../../site/api-markdown.js';
import { apiReference } from '../../site/api-examples.js';

/** Prerendered: the API reference as markdown, for language models and terminals (linked from /llms.txt). */
export const prerender = true;

export async function GET(): Promise<Response> {
  const { document, examples } = apiReference();
  return new Response(apiMarkdown(document, examples), { headers: { 'content-type': 'text/markdown; charset=utf-8' } });
}

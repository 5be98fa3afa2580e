import { apiReference } from '../../../site/api-examples.js';

/** Prerendered: the OpenAPI 3.1 document, with real example bodies made by the build (src/site/api-examples.ts). */
export const prerender = true;

export async function GET(): Promise<Response> {
  const { document } = await apiReference();
  return new Response(JSON.stringify(document, null, 2), { headers: { 'content-type': 'application/json; charset=utf-8' } });
}

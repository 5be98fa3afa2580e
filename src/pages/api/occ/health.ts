import type { HealthResponse } from '../../../api/types.js';
import { VERSION } from '../../../server/config.js';
import { corpus } from '../../../server/corpus.js';
import { indexMeta, startedAt } from '../../../server/engine.js';
import { endpoint, json, licensed } from '../../../server/http/respond.js';

export const prerender = false;

export const GET = endpoint(({ request }) => {
  const body: HealthResponse = licensed({
    status: 'ok' as const,
    version: VERSION,
    chunks: corpus.chunks.length,
    sources: corpus.sources.length,
    glossary: corpus.glossary.length,
    wisdom: corpus.wisdom.length,
    index: { content_hash: indexMeta.contentHash, built_at: indexMeta.builtAt },
    uptime: Math.round((Date.now() - startedAt) / 1000),
  });
  return json(request, body, 200, 'none');
});

import { z } from 'zod';
import { currencyStats } from '../../core/changes.js';
import { endpoint } from '../endpoint.js';
import { API_BASE } from '../limits.js';
import { HealthResponse } from '../schemas.js';

export const health = endpoint({
  id: 'health',
  method: 'GET',
  path: `${API_BASE}/health`,
  summary: 'Service status',
  description:
    'Version, counts, the content hash and build time of the loaded index, how current the corpus is (oldest and newest ' +
    '`as_of`, and how many entries are older than OCC_STALE_MONTHS, default 12), uptime and how many worker processes ' +
    'serve. Never cached, so it carries no ETag.',
  input: z.object({}),
  response: HealthResponse,
  errors: {},
  cache: 'none',
  handler: (_input, { service }) => ({
    status: 'ok' as const,
    version: service.version,
    chunks: service.corpus.chunks.length,
    sources: service.corpus.sources.length,
    glossary: service.corpus.glossary.length,
    wisdom: service.corpus.wisdom.length,
    index: { content_hash: service.indexMeta.contentHash, built_at: service.indexMeta.builtAt },
    currency: currencyStats(service.corpus, new Date().toISOString().slice(0, 10), service.staleMonths),
    uptime: Math.round((Date.now() - service.startedAt) / 1000),
    workers: service.workers(),
  }),
  examples: () => [{ summary: 'Status of the running service', status: 200 }],
});

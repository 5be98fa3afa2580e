import { z } from 'zod';
import { changesSince, ENTRY_KINDS } from '../../core/changes.js';
import { endpoint } from '../endpoint.js';
import { dateParam, kind as kindOf, listParam, queryInteger } from '../fields.js';
import { API_BASE, LIMITS } from '../limits.js';
import { ChangesResponse } from '../schemas.js';

export const changes = endpoint({
  id: 'changes',
  method: 'GET',
  path: `${API_BASE}/changes`,
  summary: 'What changed in the corpus',
  description:
    'Every dated changelog line of the sources, glossary terms and insights, newest first, optionally only those on or ' +
    `after \`since\`, in pages of \`limit\` (${LIMITS.changesMin} to ${LIMITS.changesMax}, default ${LIMITS.changesDefault}); ` +
    '`kind` keeps only changes of those kinds (comma-separated: ' + ENTRY_KINDS.join(', ') + '). ' +
    '`next` is the path of the following page. The same feed for people is the Atom file /changes.xml.',
  input: z.object({
    since: dateParam('since', 'for the whole history').optional().meta({ description: 'Only changes dated on or after this day (YYYY-MM-DD).' }),
    limit: queryInteger('limit', LIMITS.changesMin, LIMITS.changesMax, LIMITS.changesDefault).meta({
      description: `Page size: ${LIMITS.changesMin} to ${LIMITS.changesMax}, default ${LIMITS.changesDefault}.`,
    }),
    offset: queryInteger('offset', 0, LIMITS.offsetMax, 0).meta({ description: `How many changes to skip: 0 to ${LIMITS.offsetMax}, default 0.` }),
    kind: listParam('kind', z.enum(ENTRY_KINDS, { error: (iss) => `"kind" must be one of ${ENTRY_KINDS.join(', ')}, got ${kindOf(iss.input)}.` }), {
      separator: ',',
      max: ENTRY_KINDS.length,
      what: 'a kind of change',
      description: `Only changes of these kinds, comma-separated: ${ENTRY_KINDS.join(', ')} (\`law\`: amendments of an indexed text; \`timeline\`: dates added or moved). Omitted: every kind.`,
    }),
  }),
  response: ChangesResponse,
  errors: { 400: '`since` not a real date written YYYY-MM-DD or blank; `limit` or `offset` out of range; a `kind` not among the kinds; a parameter given twice.' },
  cache: 'short',
  handler: ({ since, limit, offset, kind }, { service, siteUrl }) => {
    const dated = since === undefined ? service.changes : changesSince(service.changes, since);
    const matching = kind === undefined ? dated : dated.filter((c) => kind.includes(c.kind));
    const page = matching.slice(offset, offset + limit);
    const more = offset + page.length < matching.length;
    const next = more ? `${API_BASE}/changes?${new URLSearchParams({ ...(since ? { since } : {}), ...(kind ? { kind: kind.join(',') } : {}), limit: String(limit), offset: String(offset + limit) })}` : null;
    return {
      since: since ?? null,
      kind: kind ?? null,
      total: matching.length,
      limit,
      offset,
      next,
      changes: page.map((c) => ({ ...c, url: siteUrl(c.url) })),
    };
  },
  examples: (service) => [
    { summary: 'The latest changes', status: 200, query: { limit: '3' } },
    ...service.changes.slice(0, 1).map((c) => ({ summary: `Changes since ${c.date}`, status: 200, query: { since: c.date, limit: '2' } })),
    { summary: 'Only the amendments of the indexed law and the dates of the timeline', status: 200, query: { kind: 'law,timeline', limit: '2' } },
    { summary: 'A date that does not exist', status: 400, query: { since: '2026-02-30' } },
  ],
});

/** Every endpoint, in the order the docs list them. Add a module here and a page under src/pages/api (see CONTRIBUTING.md). */
import type { AnyEndpoint } from '../endpoint.js';
import { operationOf, type Operation } from '../openapi.js';
import { changes } from './changes.js';
import { chunk } from './chunk.js';
import { glossaryEntry } from './glossary-entry.js';
import { glossaryFile } from './glossary-file.js';
import { glossary } from './glossary.js';
import { health } from './health.js';
import { obligations } from './obligations.js';
import { openapi } from './openapi.js';
import { provisionHistory } from './provision-history.js';
import { provision } from './provision.js';
import { rag } from './rag.js';
import { search } from './search.js';
import { source } from './source.js';
import { sources } from './sources.js';
import { timelineIcs } from './timeline-ics.js';
import { timeline } from './timeline.js';
import { wisdomEntry } from './wisdom-entry.js';
import { wisdom } from './wisdom.js';

export const ENDPOINTS: readonly AnyEndpoint[] = [
  search, rag, chunk, provision, provisionHistory, timeline, timelineIcs, obligations, sources, source, glossary, glossaryEntry, wisdom, wisdomEntry, changes, health, glossaryFile, openapi,
];

/** Each endpoint as the OpenAPI document and the docs pages describe it, in the same order. */
export const OPERATIONS: readonly Operation[] = ENDPOINTS.map(operationOf);

/** The endpoints a model sees as MCP tools, in the order tools/list gives them. */
export const TOOL_ENDPOINTS: readonly AnyEndpoint[] = ENDPOINTS.filter((e) => e.tool !== undefined);

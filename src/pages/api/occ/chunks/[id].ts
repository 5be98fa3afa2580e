import { chunk } from '../../../../api/endpoints/chunk.js';
import { route } from '../../../../server/http/astro.js';

export const prerender = false;
export const ALL = route(chunk);

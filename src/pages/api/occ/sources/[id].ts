import { source } from '../../../../api/endpoints/source.js';
import { route } from '../../../../server/http/astro.js';

export const prerender = false;
export const ALL = route(source);

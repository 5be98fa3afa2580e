import { sources } from '../../../api/endpoints/sources.js';
import { route } from '../../../server/http/astro.js';

export const prerender = false;
export const ALL = route(sources);

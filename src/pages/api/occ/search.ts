import { search } from '../../../api/endpoints/search.js';
import { route } from '../../../server/http/astro.js';

export const prerender = false;
export const ALL = route(search);

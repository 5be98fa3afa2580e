import { changes } from '../../../api/endpoints/index.js';
import { route } from '../../../server/http/astro.js';

export const prerender = false;
export const ALL = route(changes);

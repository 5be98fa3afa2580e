import { changes } from '../../../api/endpoints/changes.js';
import { route } from '../../../server/http/astro.js';

export const prerender = false;
export const ALL = route(changes);

import { obligations } from '../../../api/endpoints/obligations.js';
import { route } from '../../../server/http/astro.js';

export const prerender = false;
export const ALL = route(obligations);

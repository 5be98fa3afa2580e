import { wisdom } from '../../../api/endpoints/wisdom.js';
import { route } from '../../../server/http/astro.js';

export const prerender = false;
export const ALL = route(wisdom);

import { wisdomEntry } from '../../../../api/endpoints/wisdom-entry.js';
import { route } from '../../../../server/http/astro.js';

export const prerender = false;
export const ALL = route(wisdomEntry);

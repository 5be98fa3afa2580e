import { provision } from '../../../../../api/endpoints/provision.js';
import { route } from '../../../../../server/http/astro.js';

export const prerender = false;
export const ALL = route(provision);

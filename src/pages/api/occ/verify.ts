import { verify } from '../../../api/endpoints/verify.js';
import { route } from '../../../server/http/astro.js';

export const prerender = false;
export const ALL = route(verify);

import { openapi } from '../../../api/endpoints/openapi.js';
import { route } from '../../../server/http/astro.js';

export const prerender = true;
export const GET = route(openapi);

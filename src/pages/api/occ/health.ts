import { health } from '../../../api/endpoints/health.js';
import { route } from '../../../server/http/astro.js';

export const prerender = false;
export const ALL = route(health);

import { timeline } from '../../../api/endpoints/timeline.js';
import { route } from '../../../server/http/astro.js';

export const prerender = false;
export const ALL = route(timeline);

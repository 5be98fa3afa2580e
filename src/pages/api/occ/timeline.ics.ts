import { timelineIcs } from '../../../api/endpoints/timeline-ics.js';
import { route } from '../../../server/http/astro.js';

export const prerender = false;
export const ALL = route(timelineIcs);

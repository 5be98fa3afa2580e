import { rag } from '../../../api/endpoints/rag.js';
import { route } from '../../../server/http/astro.js';

export const prerender = false;
export const ALL = route(rag);

import { glossary } from '../../../api/endpoints/glossary.js';
import { route } from '../../../server/http/astro.js';

export const prerender = false;
export const ALL = route(glossary);

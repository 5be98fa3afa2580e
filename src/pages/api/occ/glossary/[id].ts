import { glossaryEntry } from '../../../../api/endpoints/glossary-entry.js';
import { route } from '../../../../server/http/astro.js';

export const prerender = false;
export const ALL = route(glossaryEntry);

import { glossaryFile } from '../../api/endpoints/glossary-file.js';
import { route } from '../../server/http/astro.js';

export const prerender = true;
export const GET = route(glossaryFile);

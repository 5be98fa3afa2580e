import { provisionHistory } from '../../../../../../api/endpoints/provision-history.js';
import { route } from '../../../../../../server/http/astro.js';

export const prerender = false;
export const ALL = route(provisionHistory);

/**
 * Where things live on the docs site. Chunk URLs, the API's `page` and glossary `url` fields and the pages
 * themselves must agree, so every one of them builds its paths here.
 */
export const sourcePage = (sourceId: string): string => `/sources/${sourceId}`;

export const sectionUrl = (sourceId: string, anchor: string): string => `${sourcePage(sourceId)}#${anchor}`;

export const glossaryAnchor = (entryId: string): string => `/glossary#${entryId}`;

export const wisdomAnchor = (entryId: string): string => `/wisdom#${entryId}`;

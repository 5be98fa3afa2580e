import { describe, expect, it } from 'vitest';
import { checkPages } from '../../../src/server/http/routes.js';

const declared = [{ path: '/api/occ/search' }, { path: '/api/occ/chunks/{id}' }];

describe('checkPages, run by the build', () => {
  it('accepts pages and declarations that match', () => {
    expect(() => checkPages(['../pages/api/occ/search.ts', '../pages/api/occ/chunks/[id].ts'], declared)).not.toThrow();
  });

  it('names a page that has no declaration', () => {
    expect(() => checkPages(['../pages/api/occ/search.ts', '../pages/api/occ/chunks/[id].ts', '../pages/api/occ/extra.ts'], declared)).toThrow(
      /API page\(s\) without a declaration: src\/pages\/api\/occ\/extra\.ts\. Declare each in src\/api\/endpoints\//,
    );
  });

  it('names a declaration that has no page', () => {
    expect(() => checkPages(['../pages/api/occ/search.ts'], declared)).toThrow(/Declared endpoint\(s\) without a page: \/api\/occ\/chunks\/\[id\]/);
  });
});

/**
 * The shape of the code, as the design card asks: no import cycles in src/, the core free of everything above it,
 * the API contract depending only on the core and Zod, and the environment read in the two configuration modules.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const src = path.join(root, 'src');
let graph: Record<string, string[]>;
let cycles: string[][];

beforeAll(async () => {
  // Type-only imports count: a cycle of types still ties the modules' meaning together.
  const result = await madge(src, { fileExtensions: ['ts'], tsConfig: path.join(root, 'tsconfig.json'), detectiveOptions: { ts: { skipTypeImports: false } } });
  graph = result.obj();
  cycles = result.circular();
}, 60_000);

/** Imports of the modules under `folder` (relative to src/) that leave the allowed folders. */
function strayImports(folder: string, allowed: readonly string[]): string[] {
  return Object.entries(graph)
    .filter(([file]) => file.startsWith(`${folder}/`))
    .flatMap(([file, deps]) => deps.filter((dep) => !allowed.some((a) => dep.startsWith(`${a}/`))).map((dep) => `${file} → ${dep}`));
}

describe('the shape of src/', () => {
  it('has no import cycles', () => {
    expect(Object.keys(graph).length).toBeGreaterThan(100);
    expect(cycles).toEqual([]);
  });

  it('keeps the core free of the API, the server, the site and MCP', () => {
    expect(strayImports('core', ['core'])).toEqual([]);
  });

  it('lets the API contract depend only on itself and the core', () => {
    expect(strayImports('api', ['api', 'core'])).toEqual([]);
    // Of the packages, only Zod (node: modules are not in the graph).
    const packages = Object.keys(graph)
      .filter((file) => file.startsWith('api/'))
      .flatMap((file) => [...readFileSync(path.join(src, file), 'utf8').matchAll(/^import .* from '([^.][^']*)';$/gm)].map((m) => m[1] ?? ''))
      .filter((name) => !name.startsWith('node:'));
    expect([...new Set(packages)]).toEqual(['zod']);
  });

  it('reads OCC_ settings only in the server configuration (the build reads its own in scripts/build-config.ts)', () => {
    // An entry point may still set a variable for what it starts (`process.env['OCC_BUILD_DIR'] ??= …`).
    const read = /env\['(OCC_[A-Z_]+)'\](?!\s*\?{0,2}=[^=])/;
    const readers = Object.keys(graph).filter((file) => read.test(readFileSync(path.join(src, file), 'utf8')));
    expect(readers).toEqual(['server/config.ts']);
  });
});

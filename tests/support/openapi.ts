/**
 * Checks live answers against the served OpenAPI document, for any HTTP test: load it once with
 * `await OpenApiCheck.load(baseUrl)`, then `expect(await check.response(res, 'GET', path)).toEqual([])`.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; its default export arrives wrapped under `default` in ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;

// The document is plain JSON navigated by key; typing every level would add noise, not safety.
export type Json = Record<string, any>;

/** Refs in the document point at `#/components/schemas/X`; ajv sees the schemas under one id instead. */
const relink = (schema: unknown) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"occ#/$defs/'));

export class OpenApiCheck {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  private constructor(readonly doc: Json) {
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: 'occ', $defs: relink(doc['components']['schemas']) });
  }

  static async load(baseUrl: string): Promise<OpenApiCheck> {
    const response = await fetch(`${baseUrl}/api/occ/openapi.json`);
    if (response.status !== 200) throw new Error(`GET /api/occ/openapi.json answered ${response.status}`);
    return new OpenApiCheck((await response.json()) as Json);
  }

  validatorFor(schema: unknown): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(relink(schema));
      this.compiled.set(key, validate);
    }
    return validate;
  }

  /** Why `body` does not match `schema`, or [] when it does. */
  schemaErrors(schema: unknown, body: unknown): string[] {
    const validate = this.validatorFor(schema);
    return validate(body) ? [] : [`${this.ajv.errorsText(validate.errors)} in ${JSON.stringify(body).slice(0, 600)}`];
  }

  /**
   * Why a live answer departs from the document (undocumented path, method, status or content type, or a
   * body not matching the schema), or [] when it matches. Reads the body; pass a response not read yet.
   */
  async response(response: Response, method: string, path: string): Promise<string[]> {
    const where = `${method} ${path} ${response.status}`;
    const operation = this.doc['paths'][path]?.[method.toLowerCase()];
    if (operation === undefined) return [`${where}: the operation is not in the document`];
    const documented = operation['responses'][String(response.status)];
    if (documented === undefined) return [`${where}: the status is not documented`];
    const text = await response.text();
    if (method === 'HEAD' || documented['content'] === undefined) return text === '' ? [] : [`${where}: answered a body the document does not describe`];
    const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    const media = documented['content']?.[type];
    if (media === undefined) return [`${where}: answered ${type}, documented ${Object.keys(documented['content'] ?? {}).join(', ') || 'no body'}`];
    // A text body (the iCalendar feed) is documented as a string; every other body is JSON.
    const body: unknown = type === 'application/json' || type === 'application/problem+json' ? JSON.parse(text) : text;
    return this.schemaErrors(media['schema'], body).map((e) => `${where}: ${e}`);
  }
}

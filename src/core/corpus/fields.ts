import type { ContentProblem } from '../errors.js';
import type { ChangeNote, Currency, WorldEvent } from '../types.js';

/** Lowercase letters and digits in words joined by single hyphens: `eu-ai-act`, `iso-iec-42001`. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const CHANGELOG_FIELDS = ['date', 'note', 'event', 'event_date'];
const BCP47 = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/**
 * Reads typed fields out of one file's frontmatter, recording a problem (file, field, what is wrong and what
 * is allowed) for each bad one instead of stopping at the first.
 */
export class FieldReader {
  constructor(
    private readonly data: Record<string, unknown>,
    readonly file: string,
    readonly problems: ContentProblem[],
    /** Where a nested object sits (`about[0].`), so its problems name the whole path. */
    private readonly prefix = '',
  ) {}

  problem(field: string, message: string): void {
    this.problems.push({ file: this.file, field: `${this.prefix}${field}`, message });
  }

  /** Whether the field is given at all (null counts as not given). */
  has(field: string): boolean {
    return this.data[field] !== undefined && this.data[field] !== null;
  }

  /** Readers for a list of objects (`about: [{…}, …]`), each reporting its problems under `field[i].`. */
  objects(field: string, shape: string): FieldReader[] {
    const value = this.data[field];
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      this.problem(field, `must be a list of ${shape}, got ${describe(value)}`);
      return [];
    }
    return value.flatMap((item: unknown, i) => {
      if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
        return [new FieldReader(item as Record<string, unknown>, this.file, this.problems, `${this.prefix}${field}[${i}].`)];
      }
      this.problem(`${field}[${i}]`, `must be ${shape}, got ${describe(item)}`);
      return [];
    });
  }

  /** Reports fields that are not in `allowed`, which is how a misspelt field name gets caught. */
  rejectUnknown(allowed: readonly string[]): void {
    for (const key of Object.keys(this.data)) {
      if (!allowed.includes(key)) this.problem(key, `unknown field; allowed fields are ${allowed.join(', ')}`);
    }
  }

  text(field: string, required: true): string;
  text(field: string, required?: false): string | undefined;
  text(field: string, required = false): string | undefined {
    const value = this.data[field];
    if (value === undefined || value === null) {
      if (required) this.problem(field, 'is required and missing');
      return undefined;
    }
    if (typeof value !== 'string' && typeof value !== 'number') {
      this.problem(field, `must be a string, got ${describe(value)}`);
      return undefined;
    }
    const text = String(value).trim();
    if (text === '') {
      if (required) this.problem(field, 'is required and must not be empty');
      return undefined;
    }
    return text;
  }

  slug(field: string, required: true): string;
  slug(field: string, required?: false): string | undefined;
  slug(field: string, required = false): string | undefined {
    const value = required ? this.text(field, true) : this.text(field);
    if (value !== undefined && !SLUG.test(value)) {
      this.problem(field, `"${value}" is not a slug (lowercase a-z, 0-9 and single hyphens, e.g. "risk-management")`);
      return undefined;
    }
    return value;
  }

  url(field: string): string | undefined {
    const value = this.text(field, true);
    if (value === undefined) return undefined;
    try {
      const parsed = new URL(value);
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return value;
    } catch {
      // reported below
    }
    this.problem(field, `"${value}" is not an absolute http(s) URL`);
    return undefined;
  }

  /** YAML turns an unquoted 2024-07-12 into a Date; both it and the quoted string are accepted. */
  date(field: string): string | undefined {
    const value = this.data[field];
    if (value === undefined || value === null) return undefined;
    if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString().slice(0, 10);
    if (typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value))) return value;
    this.problem(field, `must be a date written YYYY-MM-DD, got ${describe(value)}`);
    return undefined;
  }

  /**
   * `as_of` (required: the date the text was checked to be current, never later than today) and `changelog`,
   * a list of `{date, note}` with one-line notes (and, for a line that follows a change in the world,
   * `event` and `event_date`), kept newest first. `published` stands in for a missing
   * `as_of` only where the caller passes it: a source whose body is the original text as published (such as
   * the primary texts in ../shared/corpora) is current as of its own publication.
   */
  currency(today: string = new Date().toISOString().slice(0, 10), published?: string): Partial<Currency> {
    const missing = this.data['as_of'] === undefined || this.data['as_of'] === null;
    if (missing && published === undefined) {
      this.problem('as_of', 'is required and missing; give the date (YYYY-MM-DD) up to which the text was checked to be current');
    }
    const asOf = missing ? published : this.date('as_of');
    if (asOf !== undefined && asOf > today) this.problem('as_of', `${asOf} is later than today (${today}); give the date the text was checked`);
    const value = this.data['changelog'];
    if (value === undefined || value === null) return asOf === undefined ? {} : { as_of: asOf };
    if (!Array.isArray(value)) {
      this.problem('changelog', `must be a list of {date: YYYY-MM-DD, note: "…"} entries, got ${describe(value)}`);
      return asOf === undefined ? {} : { as_of: asOf };
    }
    const changelog: ChangeNote[] = [];
    value.forEach((item: unknown, i) => {
      const where = `changelog[${i}]`;
      if (typeof item !== 'object' || item === null || Array.isArray(item)) {
        this.problem(where, `must be {date: YYYY-MM-DD, note: "…"}, got ${describe(item)}`);
        return;
      }
      const entry = new FieldReader(item as Record<string, unknown>, this.file, this.problems);
      const unknown = Object.keys(item).filter((key) => !CHANGELOG_FIELDS.includes(key));
      for (const key of unknown) this.problem(`${where}.${key}`, `unknown field; a changelog entry has ${CHANGELOG_FIELDS.join(', ')}`);
      const date = entry.date('date');
      const note = entry.text('note');
      if (date === undefined || note === undefined) {
        this.problem(where, 'needs a date (YYYY-MM-DD) and a one-line note');
        return;
      }
      if (/\n/.test(note)) this.problem(`${where}.note`, 'must be one line');
      if (date > today) this.problem(`${where}.date`, `${date} is later than today (${today})`);
      const event = this.worldEvent(entry, where, date);
      changelog.push({ date, note, ...(event ? { event } : {}) });
    });
    changelog.sort((a, b) => b.date.localeCompare(a.date));
    return { ...(asOf === undefined ? {} : { as_of: asOf }), ...(changelog.length ? { changelog } : {}) };
  }

  /** `event` and `event_date` of a changelog line: both or neither, the event no later than the line itself. */
  private worldEvent(entry: FieldReader, where: string, date: string): WorldEvent | undefined {
    const has = (key: string) => entry.data[key] !== undefined && entry.data[key] !== null;
    if (!has('event') && !has('event_date')) return undefined;
    if (!has('event') || !has('event_date')) {
      this.problem(where, 'event and event_date go together: what happened in the world and when (YYYY-MM-DD)');
      return undefined;
    }
    const what = entry.text('event');
    const when = entry.date('event_date');
    if (what === undefined || when === undefined) return undefined;
    if (/\n/.test(what)) this.problem(`${where}.event`, 'must be one line');
    if (when > date) this.problem(`${where}.event_date`, `${when} is later than the line's own date (${date}): our text follows the event`);
    return { date: when, what };
  }

  language(field: string): string {
    const value = this.text(field);
    if (value === undefined) return 'en';
    if (!BCP47.test(value)) {
      this.problem(field, `"${value}" is not a BCP 47 language tag (e.g. "en", "fr", "pt-BR")`);
      return 'en';
    }
    return value;
  }

  /** A list of slugs; a single slug is accepted as a list of one. */
  slugList(field: string): string[] {
    const value = this.data[field];
    if (value === undefined || value === null) return [];
    const items = Array.isArray(value) ? value : [value];
    const slugs: string[] = [];
    for (const item of items) {
      if (typeof item === 'string' && SLUG.test(item)) slugs.push(item);
      else this.problem(field, `${describe(item)} is not a slug (lowercase a-z, 0-9 and single hyphens)`);
    }
    return slugs;
  }

  textList(field: string): string[] {
    const value = this.data[field];
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      this.problem(field, `must be a list of strings, got ${describe(value)}`);
      return [];
    }
    const texts: string[] = [];
    for (const item of value) {
      if ((typeof item === 'string' || typeof item === 'number') && String(item).trim() !== '') {
        texts.push(String(item).trim());
      } else this.problem(field, `${describe(item)} is not a non-empty string`);
    }
    return texts;
  }
}

function describe(value: unknown): string {
  if (value instanceof Date) return 'a date';
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  if (typeof value === 'string') return `"${value}"`;
  return `${typeof value} ${JSON.stringify(value)}`;
}

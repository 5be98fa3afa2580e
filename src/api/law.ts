/**
 * Answers as of a date: which versions of the indexed law a request may draw on, and how a result names its version.
 * Explainers are not versioned; they keep their own `as_of`.
 */
import { z } from 'zod';
import { kind } from './fields.js';
import { HttpProblem } from './problem.js';
import { VersionRef } from './schemas.js';
import type { Service } from './service.js';

/** The `as_of` parameter of every endpoint answering from the law. */
export const asOfParam = () =>
  z
    .iso.date({ error: (iss) => `"as_of" must be a real date written YYYY-MM-DD, such as "2026-01-31", got ${kind(iss.input)}; omit it for today.` })
    .optional()
    .meta({ description: 'The day the answer is for (YYYY-MM-DD; default today): official texts come from the version in force that day.' });

/** The version of a result's source, or null for a text that is no version (an explainer). */
export function versionRef(service: Service, source: string): z.output<typeof VersionRef> | null {
  const v = service.law.versionOf(source);
  return v === undefined ? null : { label: v.label, in_force_from: v.in_force_from, in_force_to: v.in_force_to };
}

export const today = () => new Date().toISOString().slice(0, 10);

/**
 * The day asked for and the sources an answer leaves out on it (versions not in force). A `source` filter naming a
 * version not in force that day is refused, naming `as_of` and the version in force then, if any; so is one naming
 * an instrument before its first day, when only explainers of it would answer.
 */
export function lawOn(service: Service, asOf: string | undefined, named: { texts: readonly string[]; instruments: readonly string[] }): { date: string; excluded: ReadonlySet<string> } {
  const date = asOf ?? today();
  for (const id of named.texts) {
    const outside = outsideOf(service, id, date);
    if (outside !== undefined) throw new HttpProblem(400, `as_of ${date} is outside ${id} (${outside}).`, 'as_of');
  }
  for (const id of named.instruments) {
    const first = service.law.firstDay(id);
    if (first !== undefined && date < first) throw new HttpProblem(400, `as_of ${date} is before ${id} is in force (from ${first}).`, 'as_of');
  }
  return { date, excluded: service.law.outOfForce(date) };
}

/**
 * Why a source's text does not answer for a date: its version, when that version is in force, and which text is in
 * force that day (or when the instrument starts); undefined when it answers (in force, or no version at all).
 */
export function outsideOf(service: Service, source: string, date: string): string | undefined {
  const v = service.law.versionOf(source);
  if (v === undefined || service.law.inForce(source, date)) return undefined;
  const now = service.law.versionOn(v.instrument, date, v.language);
  const first = service.law.firstDay(v.instrument);
  const instead = now ? `; on ${date} the text in force is ${now.source}` : first !== undefined && date < first ? `; ${v.instrument} is in force from ${first}` : '';
  return `${v.label}, in force ${v.in_force_from} to ${v.in_force_to ?? 'today'}${instead}`;
}

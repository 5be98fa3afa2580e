/**
 * What the timeline and obligations endpoints share: their parameters, checked against what the facts files
 * declare (instruments, roles, systems; a 400 lists the allowed values), and the shape of a date's provision.
 */
import { z } from 'zod';
import type { SetBy } from '../core/facts/timeline.js';
import { parsePinpoint } from '../core/legal/address.js';
import { sectionUrl } from '../core/site-urls.js';
import { kind, slugParam } from './fields.js';
import { HttpProblem } from './problem.js';
import { VersionRef } from './schemas.js';
import type { Service } from './service.js';

export const factsInstrumentParam = (what: string) =>
  slugParam('instrument', 'eu-reg-2024-1689', what).meta({ description: 'The instrument id (e.g. `eu-reg-2024-1689`); see the allowed values in a 400.' });

export const roleParam = (omitted: string) =>
  slugParam('role', 'deployer', omitted).meta({ description: 'A role the instrument defines (e.g. `provider`, `deployer`); a 400 lists the allowed values.' });

export const systemParam = () =>
  slugParam('system', 'annex-iii', 'for every kind of system')
    .optional()
    .meta({ description: 'A kind of system the instrument declares (AI Act: `annex-iii`, `annex-i`, `transparency`, `gpai`, `gpai-systemic`, `any`).' });

export const provisionParam = () =>
  z
    .string()
    .trim()
    .refine((p) => parsePinpoint(p) !== undefined, { error: (iss) => `"provision" must be a pinpoint such as "Art. 26" or "Annex III", got ${kind(iss.input)}.` })
    .optional()
    .meta({ description: 'Only events concerning this provision, what holds it or what it holds: a pinpoint such as `Art. 6(2)` or `Annex III`.' });

function allowed(values: readonly string[]): string {
  return values.length > 0 ? values.join(', ') : 'none (no facts files are loaded)';
}

/** The instrument asked for, when the facts files have it; otherwise a 400 naming those that do. */
export function checkInstrument(service: Service, instrument: string): void {
  const known = service.facts.timeline.instruments();
  if (!known.includes(instrument)) throw new HttpProblem(400, `"instrument" must be one with a timeline here: ${allowed(known)}; got "${instrument}".`, 'instrument');
}

/** A role or system must be one the instrument (or, without one, any instrument) declares. */
export function checkDeclared(service: Service, name: 'role' | 'system', value: string | undefined, instrument: string | undefined): void {
  if (value === undefined) return;
  const { obligations } = service.facts;
  const instruments = instrument === undefined ? obligations.instruments() : [instrument];
  const values = [...new Set(instruments.flatMap((i) => (name === 'role' ? Object.keys(obligations.roles(i)) : obligations.systems(i))))].sort();
  if (!values.includes(value)) {
    const of = instrument === undefined ? 'any instrument here' : instrument;
    throw new HttpProblem(400, `"${name}" must be one ${of} declares: ${allowed(values)}; got "${value}".`, name);
  }
}

export const SetByRef = z
  .object({
    pinpoint: z.string().meta({ description: 'The provision whose text states the date, as cited: "Art. 113(c)(i)".' }),
    url: z.url().meta({ description: 'That provision in the version it is read from on this site, or the official address when the text is not indexed here.' }),
    source: z.string().nullable().meta({ description: 'The source holding that version, or null when the text is not indexed.' }),
    version: VersionRef.nullable(),
    text_from: z.iso.date().meta({ description: 'The day the text stating this date is in force.' }),
    amended_by: z
      .object({ instrument: z.string(), pinpoint: z.string() })
      .strict()
      .nullable()
      .meta({ description: 'The amending act (its instrument id) and its provision that set this date; null for the text as published.' }),
    states: z.string().nullable().meta({ description: 'For a date the law gives relatively: the phrase the provision holds instead of the date.' }),
  })
  .strict();

/** Where a date's text is, for an answer: the provision's page, or the file's evidence when it is not here. */
export function setByRef(set: SetBy, entry: { amended_by?: { source: string; pinpoint: string } | undefined; states?: string | undefined }, evidence: string, siteUrl: (path: string) => string) {
  return {
    pinpoint: set.pinpoint,
    url: set.version && set.anchor ? siteUrl(sectionUrl(set.version.source, set.anchor)) : evidence,
    source: set.version?.source ?? null,
    version: set.version ? { label: set.version.label, in_force_from: set.version.in_force_from, in_force_to: set.version.in_force_to } : null,
    text_from: set.text_from,
    amended_by: entry.amended_by ? { instrument: entry.amended_by.source, pinpoint: entry.amended_by.pinpoint } : null,
    states: entry.states ?? null,
  };
}

/**
 * The facts files, as Zod schemas and the types derived from them: an instrument's dated events
 * (content/timeline/<instrument>.yaml) and the obligations binding its roles (content/obligations/<instrument>.yaml).
 * The format is docs/facts.md. These schemas check one file's shape; what spans entries (unique ids, dates in order,
 * declared roles, existing events) is in rules.ts, and what needs the law's text in text-check.ts.
 */
import { z } from 'zod';
import { parsePinpoint } from '../legal/address.js';

/** Lowercase letters and digits in words joined by single hyphens, as content ids are. */
export const FACT_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const factId = z.string().regex(FACT_ID, 'must be lowercase letters and digits joined by single hyphens (e.g. annex-iii-high-risk)');

/** A real calendar day written YYYY-MM-DD (2025-02-30 is refused). */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

export const isoDate = z.string().refine(isIsoDate, 'must be a date written YYYY-MM-DD (e.g. 2026-08-02)');

/** A pinpoint as the service writes one and parsePinpoint reads it: "Art. 113(3)(c)(i)", "Annex III", "Recital 44". */
export const pinpoint = z
  .string()
  .refine((text) => parsePinpoint(text) !== undefined, 'must be one pinpoint as the service writes it (e.g. "Art. 26(1)", "Annex III", "Annex III, point 4")');

export const EVENT_KINDS = ['entry-into-force', 'application', 'transitional', 'transposition', 'review', 'report', 'other'] as const;

/** The system categories an instrument may declare (AI Act: Annex III high-risk, Annex I, transparency, GPAI, …). */
const systemId = factId;
const roleId = factId;

/** One date an event has had: the text that stated it, from when, and (for a move) the act that changed it. */
export const DateEntrySchema = z.strictObject({
  applies_from: isoDate,
  /** The provision whose text states the date. */
  set_by: pinpoint,
  /** The day the version of the instrument stating it enters into force. */
  text_from: isoDate,
  /** The amending act (its instrument id, which is also its source id as published) and its provision. */
  amended_by: z.strictObject({ source: factId, pinpoint }).optional(),
  /** For a date the law gives relatively: the phrase the provision holds instead of the date. */
  states: z.string().min(1).optional(),
});

export const TimelineEventSchema = z.strictObject({
  /** Unique in the file and stable forever: the iCalendar UID and Atom id derive from it. */
  id: factId,
  title: z.string().min(1),
  kind: z.enum(EVENT_KINDS),
  pinpoints: z.array(pinpoint).min(1),
  roles: z.array(roleId).min(1).optional(),
  systems: z.array(systemId).min(1).optional(),
  /** Oldest first; the one whose `text_from` is the latest on or before a day is current that day. */
  dates: z.array(DateEntrySchema).min(1),
  note: z.string().min(1).optional(),
});

export const TimelineFileSchema = z.strictObject({
  instrument: factId,
  title: z.string().min(1),
  as_of: isoDate,
  /** The official address, served when the instrument's text is not indexed. */
  evidence: z.url(),
  events: z.array(TimelineEventSchema),
});

/** An obligation's start: one event of the same instrument, or one per system it concerns. */
export const ObligationFromSchema = z.union([factId, z.record(systemId, factId)]);

export const ObligationSchema = z.strictObject({
  id: factId,
  pinpoint,
  roles: z.array(roleId).min(1),
  /** Omitted: every system. */
  systems: z.array(systemId).min(1).optional(),
  /** Our one-line summary. */
  summary: z.string().min(1),
  from: ObligationFromSchema,
});

export const ObligationsFileSchema = z.strictObject({
  instrument: factId,
  as_of: isoDate,
  /** Each role as the instrument defines it: id → the defining provision. */
  roles: z.record(roleId, pinpoint),
  systems: z.array(systemId).min(1).optional(),
  obligations: z.array(ObligationSchema),
});

export type DateEntry = z.infer<typeof DateEntrySchema>;
export type TimelineEvent = z.infer<typeof TimelineEventSchema>;
export type TimelineFile = z.infer<typeof TimelineFileSchema>;
export type ObligationFrom = z.infer<typeof ObligationFromSchema>;
export type Obligation = z.infer<typeof ObligationSchema>;
export type ObligationsFile = z.infer<typeof ObligationsFileSchema>;
export type EventKind = (typeof EVENT_KINDS)[number];

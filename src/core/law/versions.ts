/**
 * The law as it stands on a date. A primary source that states `instrument` and `in_force_from` is one version of
 * that instrument in its language: the text as published, or a consolidation. A version is in force from its date
 * until the day before the next version of the same instrument and language; the last one has no end. Sources that
 * state no instrument (explainers, texts nobody versioned) are in force on every date.
 */
import type { SourceMeta } from '../types.js';

export interface Version {
  source: string;
  instrument: string;
  language: string;
  /** "as published", "consolidated version of 2026-07-27": the source's own `version`, else its title. */
  label: string;
  in_force_from: string;
  /** The last day it is in force, or null for the version in force today and after. */
  in_force_to: string | null;
  /** The acts that made this version from the previous one (their instrument ids). */
  amended_by: string[];
}

/** The day before a YYYY-MM-DD date. */
export function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

export class LawVersions {
  private readonly byInstrument = new Map<string, Version[]>();
  private readonly bySource = new Map<string, Version>();

  constructor(sources: readonly Pick<SourceMeta, 'id' | 'title' | 'instrument' | 'in_force_from' | 'amended_by' | 'version' | 'language'>[]) {
    const groups = new Map<string, Pick<SourceMeta, 'id' | 'title' | 'instrument' | 'in_force_from' | 'amended_by' | 'version' | 'language'>[]>();
    for (const s of sources) {
      if (s.instrument === undefined || s.in_force_from === undefined) continue;
      const key = `${s.instrument}\n${s.language}`;
      groups.set(key, [...(groups.get(key) ?? []), s]);
    }
    for (const group of groups.values()) {
      group.sort((a, b) => (a.in_force_from ?? '').localeCompare(b.in_force_from ?? ''));
      group.forEach((s, i) => {
        const next = group[i + 1];
        const version: Version = {
          source: s.id,
          instrument: s.instrument ?? '',
          language: s.language,
          label: s.version ?? s.title,
          in_force_from: s.in_force_from ?? '',
          in_force_to: next?.in_force_from === undefined ? null : dayBefore(next.in_force_from),
          amended_by: s.amended_by ?? [],
        };
        this.bySource.set(s.id, version);
        this.byInstrument.set(version.instrument, [...(this.byInstrument.get(version.instrument) ?? []), version]);
      });
    }
  }

  /** Every versioned instrument's id. */
  instruments(): string[] {
    return [...this.byInstrument.keys()].sort();
  }

  /** The versions of an instrument, oldest first (of one language, when given). */
  versionsOf(instrument: string, language?: string): Version[] {
    return (this.byInstrument.get(instrument) ?? []).filter((v) => language === undefined || v.language === language);
  }

  /** The version of a source, when it is one. */
  versionOf(source: string): Version | undefined {
    return this.bySource.get(source);
  }

  /** Whether a source's text is in force on a date: always for a source that is no version. */
  inForce(source: string, date: string): boolean {
    const v = this.bySource.get(source);
    return v === undefined || (v.in_force_from <= date && (v.in_force_to === null || date <= v.in_force_to));
  }

  /** The version of an instrument in force on a date, in a language when given. */
  versionOn(instrument: string, date: string, language?: string): Version | undefined {
    return this.versionsOf(instrument, language).find((v) => this.inForce(v.source, date));
  }

  /** The sources of versions not in force on a date: what an answer as of that date leaves out. */
  outOfForce(date: string): Set<string> {
    return new Set([...this.bySource.keys()].filter((source) => !this.inForce(source, date)));
  }

  /** The first day any version of an instrument is in force. */
  firstDay(instrument: string): string | undefined {
    return this.versionsOf(instrument).map((v) => v.in_force_from).sort()[0];
  }
}

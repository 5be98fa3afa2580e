/**
 * The amendments to the indexed law as change lines: for each version that follows another, one line per Article,
 * Annex or recital whose provisions changed, naming what was inserted, amended or deleted, the amending acts (with the
 * points that made the change, when their text is indexed) and the day the version is in force. /changes and the Atom feed list them beside the changelog of our own content.
 */
import type { Change } from '../changes.js';
import { sourcePage } from '../site-urls.js';
import { sameText } from './history.js';
import { amendingPoints, instructionsFor } from './instructions.js';
import type { Provision } from './provisions.js';
import type { LawVersions } from './versions.js';

/** The Article, Annex or recital an address belongs to: `art-5-1-ba` → `art-5`, `annex-i-point-2` → `annex-i`. */
export function topAnchor(anchor: string): string {
  const parts = anchor.split('-');
  return parts[0] === 'art' || parts[0] === 'annex' ? parts.slice(0, 2).join('-') : anchor;
}

export function lawAmendments(
  law: LawVersions,
  provisions: ReadonlyMap<string, ReadonlyMap<string, Provision>>,
  titles: ReadonlyMap<string, { title: string; as_of: string }>,
): Change[] {
  const changes: Change[] = [];
  for (const instrument of law.instruments()) {
    const versions = law.versionsOf(instrument);
    for (const language of new Set(versions.map((v) => v.language))) {
      const line = versions.filter((v) => v.language === language);
      line.forEach((version, i) => {
        const before = i === 0 ? undefined : provisions.get(line[i - 1]?.source ?? '');
        const after = provisions.get(version.source);
        if (before === undefined || after === undefined) return;
        const byTop = new Map<string, { inserted: string[]; amended: string[]; deleted: string[] }>();
        const note = (anchor: string, what: 'inserted' | 'amended' | 'deleted', pinpoint: string) => {
          const top = topAnchor(anchor);
          const entry = byTop.get(top) ?? { inserted: [], amended: [], deleted: [] };
          entry[what].push(pinpoint);
          byTop.set(top, entry);
        };
        for (const [anchor, p] of after) {
          const old = before.get(anchor);
          if (old === undefined) note(anchor, 'inserted', p.pinpoint);
          else if (!sameText(old.text, p.text)) note(anchor, 'amended', p.pinpoint);
        }
        for (const [anchor, p] of before) if (!after.has(anchor)) note(anchor, 'deleted', p.pinpoint);
        // Each amending act with the points of it that changed this Article, when its text is indexed.
        const acts = version.amended_by.map((act) => {
          const text = provisions.get(law.versionsOf(act)[0]?.source ?? '');
          return { act, instructions: text === undefined ? [] : instructionsFor(text, instrument) };
        });
        const by = version.amended_by.length > 0 ? ` by ${version.amended_by.join(', ')}` : '';
        const meta = titles.get(version.source);
        for (const [top, { inserted, amended, deleted }] of byTop) {
          const byPoints = acts.length > 0 ? ` by ${acts.map(({ act, instructions }) => [act, amendingPoints(instructions, top).join(', ')].filter(Boolean).join(' ')).join('; ')}` : '';
          const whole = (after.get(top) ?? before.get(top))?.pinpoint ?? top;
          // An Article inserted or deleted whole is said so; an amended one names the parts that changed.
          const parts = (list: string[], what: string) => {
            const named = list.filter((p) => p !== whole);
            return named.length > 0 ? [`${named.join(', ')} ${what}`] : [];
          };
          const detail = [...parts(inserted, 'inserted'), ...parts(amended, 'amended'), ...parts(deleted, 'deleted')];
          const headline = !before.has(top) ? `${whole} inserted` : !after.has(top) ? `${whole} deleted` : `${whole} amended${detail.length > 0 ? ` (${detail.join('; ')})` : ''}`;
          changes.push({
            kind: 'law',
            id: version.source,
            title: meta?.title ?? instrument,
            date: version.in_force_from,
            note: `${headline}${byPoints}, in force from ${version.in_force_from}.`,
            event: { date: version.in_force_from, what: `${version.label}${by} in force` },
            url: `${sourcePage(version.source)}#${top}`,
            as_of: meta?.as_of ?? version.in_force_from,
          });
        }
      });
    }
  }
  return changes;
}

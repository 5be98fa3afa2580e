/**
 * The facts checked against the law's text, for every instrument whose text the build indexes: each date's
 * `set_by` provision stands in the version in force on its `text_from` and states the date (or the `states`
 * phrase), each obligation's provision stands in the version in force on its event's current date, and each
 * role's defining provision stands in some version. An instrument not indexed is left unchecked (served with
 * `checked: false` and its evidence).
 */
import type { ContentProblem } from '../errors.js';
import type { LawVersions } from '../law/versions.js';
import { statesDate } from './date-phrases.js';
import { provisionOn, type ProvisionsBySource } from './law-text.js';
import type { Facts } from './rules.js';
import { currentDate, startEvents } from './timeline.js';

export function checkFactsAgainstLaw(facts: Facts, law: LawVersions, provisions: ProvisionsBySource): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const { file, data } of facts.timelines) {
    if (law.versionsOf(data.instrument).length === 0) continue;
    for (const event of data.events) {
      event.dates.forEach((d, i) => {
        const field = `events[${event.id}].dates[${i}].set_by`;
        const at = provisionOn(law, provisions, data.instrument, d.set_by, d.text_from);
        if (at.status === 'missing') {
          problems.push({ file, field, message: `${d.set_by} is not in the text of ${data.instrument} in force on ${d.text_from}${at.version ? ` (${at.version.source})` : ''}` });
        } else if (at.status === 'found' && !statesDate(at.provision.text, d.applies_from, d.states)) {
          const wanted = d.states === undefined ? `the date ${d.applies_from} (as "2 August 2026", "2.8.2026" or "2 août 2026")` : `the phrase "${d.states}"`;
          problems.push({ file, field, message: `${d.set_by} in ${at.version.source} does not state ${wanted}; give \`states\` for a date the law gives relatively` });
        }
      });
    }
  }
  for (const { file, data } of facts.obligations) {
    if (law.versionsOf(data.instrument).length === 0) continue;
    const timeline = facts.timelines.find((t) => t.data.instrument === data.instrument)?.data;
    for (const [role, pinpoint] of Object.entries(data.roles)) {
      const versions = law.versionsOf(data.instrument);
      if (!versions.some((v) => provisionOn(law, provisions, data.instrument, pinpoint, v.in_force_from).status === 'found')) {
        problems.push({ file, field: `roles.${role}`, message: `${pinpoint} is in no version of ${data.instrument}` });
      }
    }
    for (const o of data.obligations) {
      for (const { event: id } of startEvents(o)) {
        const event = timeline?.events.find((e) => e.id === id);
        const date = event && currentDate(event, timeline?.as_of ?? data.as_of)?.applies_from;
        if (date === undefined) continue;
        const at = provisionOn(law, provisions, data.instrument, o.pinpoint, date);
        if (at.status === 'missing') {
          problems.push({ file, field: `obligations[${o.id}].pinpoint`, message: `${o.pinpoint} is not in the text of ${data.instrument} in force on ${date}, the current date of ${id}` });
        }
      }
    }
  }
  return problems;
}

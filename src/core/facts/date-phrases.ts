/**
 * Whether an official text states a day: in any form it writes one (legal/days.ts: "2 August 2026", "2.8.2026",
 * "02.08.2026", "2 août 2026", "1er août 2026"), or, for a date the law gives relatively, by the phrase it holds
 * instead ("twenty-four months after entry into force"). The facts check asks it of the provision that sets a date.
 */
import { daysIn } from '../legal/days.js';

/** Spaces (no-break ones included) folded and case ignored, so a phrase matches across line wraps of the text. */
function normalise(text: string): string {
  return text.replace(/\s+/gu, ' ').toLowerCase();
}

/** Whether the text states the day in one of its forms, or holds the phrase given for a relative date. */
export function statesDate(text: string, iso: string, phrase?: string): boolean {
  if (phrase !== undefined) return normalise(text).includes(normalise(phrase));
  return daysIn(text).some((day) => day.iso === iso);
}

/**
 * How an official text writes a day: "2 August 2026" (English), "2.8.2026" or "02.08.2026" (the Official
 * Journal's numeric form), "2 août 2026" and "1er août 2026" (French). The facts check looks for any of them.
 */
const EN_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const FR_MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

/** Every way the texts write the YYYY-MM-DD day. */
export function datePhrases(iso: string): string[] {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const dd = String(d).padStart(2, '0');
  const mm = String(m).padStart(2, '0');
  return [
    `${d} ${EN_MONTHS[m - 1]} ${y}`,
    `${d}.${m}.${y}`,
    `${dd}.${mm}.${y}`,
    `${d === 1 ? '1er' : d} ${FR_MONTHS[m - 1]} ${y}`,
    `${d} ${FR_MONTHS[m - 1]} ${y}`,
  ];
}

/** Spaces (no-break ones included) folded and case ignored, so a phrase matches across line wraps of the text. */
export function normalise(text: string): string {
  return text.replace(/\s+/gu, ' ').toLowerCase();
}

/** Whether the text states the day in one of its forms, or holds the phrase given for a relative date. */
export function statesDate(text: string, iso: string, phrase?: string): boolean {
  const t = normalise(text);
  if (phrase !== undefined) return t.includes(normalise(phrase));
  return datePhrases(iso).some((p) => new RegExp(`(?<![\\d.])${escape(normalise(p))}(?![\\d])`, 'u').test(t));
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A provision's heading as documents write it: an Article ("Article 5", "Artikel 5", "5. cikk"), an Annex
 * ("ANNEX III"), a statute section ("SEC. 2.", "§ 5", "12 Duties of providers"), and the title after the label.
 * Part of the legal-address kernel (address.ts); the chunker reads documents with it (chunking/structure.ts).
 */
import { STATUTE_NUMBER } from './address.js';

/**
 * An Article's heading in any official language of the EU: the word before its number ("Article 5", "Artikel 5",
 * "Artykuł 5", "Άρθρο 5", French "Article premier" for Article 1), or after it ("5. cikk", "5 artikla", "5.
 * straipsnis", "5. pants", "5. člen").
 */
const ARTICLE_HEAD = new RegExp(
  String.raw`^(?:(?:Article|Artikel|Artículo|Articolo|Artigo|Artykuł|Článek|Článok|Članak|Articolul|Artikolu|Artikkel|Airteagal|Άρθρο|Член)\s+(\d+[a-z]*|premier|1er)(?:\.º|º)?|(\d+[a-z]*)\.?\s+(?:cikk|artikla|straipsnis|pants|člen))(?![\p{L}\d])`,
  'iu',
);
/** The Article number a heading states, or undefined: "Article premier" is Article 1. */
export function articleNumber(text: string): string | undefined {
  const match = ARTICLE_HEAD.exec(text);
  const id = match?.[1] ?? match?.[2];
  return id === undefined ? undefined : /^(?:premier|1er)$/i.test(id) ? '1' : id;
}
/**
 * A section of an act as bills and statutes head them: "SECTION 1. SHORT TITLE.", "SEC. 2. DEFINITIONS.", "Sec. 4.
 * Ensuring Safety", "§ 5 Scope", a code's "Sec. 551.001. DEFINITIONS." or "6-1-1702. Duties". The word needs its
 * number closed by a full stop, which a report's "Section 3: Methods" or "Section 3.4 Results" does not have.
 */
export const STATUTE_HEAD = new RegExp(String.raw`^(?:§{1,2}\s*(${STATUTE_NUMBER})\.?|(?:SECTION|Section|SEC\.|Sec\.)\s+(${STATUTE_NUMBER})\.|(\d+(?:-\d+[A-Za-z]?){2,})\.)(?=\s+\S|$)`);
/** A section of an Act headed by its number alone, "12 Duties of providers", "12A Exemptions" (UK style). */
export const ACT_SECTION_HEAD = /^(\d+[A-Z]?)\.?(?=\s+\S)/;
/** "Annex III", "ANNEX 2", or an act's only Annex, unnumbered ("ANNEX", "ANNEX: List of products"). */
export const ANNEX_HEAD = new RegExp(
  String.raw`^(?:(?:Annex|Annexe|Anhang|Bijlage|Anexo|Allegato|Załącznik|Příloha|Príloha|Priloga|Prilog|Lisa|Anness|Iarscríbhinn|Liite|Anexa|Bilag|Bilaga|Приложение|Παράρτημα)(?:\s+([IVXLC]+|\d+)(?![\p{L}\d])|(?=\s*(?:[:.—–-]|$)))|([IVXLC]+)\.?\s+(?:melléklet|priedas|pielikums)(?![\p{L}\d]))`,
  'iu',
);

/**
 * The title of a statute section's heading without its label: "SEC. 2. RECORD KEEPING." → "RECORD KEEPING",
 * "12 Duties of providers" → "Duties of providers"; undefined for a heading that is not one.
 */
export function statuteTitle(heading: string): string | undefined {
  const label = STATUTE_HEAD.exec(heading) ?? ACT_SECTION_HEAD.exec(heading);
  return label === null ? undefined : heading.slice(label[0].length).trim().replace(/\.$/, '');
}

/** An Article heading's label, before its title: "Article 17: ", "Article 5 - ". */
const ARTICLE_TITLE = /^Article\s+\d+[a-z]*\b\s*[:.–—-]?\s*/i;

/**
 * The title of an Article's heading without its label: "Article 17: Quality management system" → "Quality
 * management system"; undefined for a heading that is not an English Article's.
 */
export function articleHeadingTitle(heading: string): string | undefined {
  return ARTICLE_TITLE.test(heading) ? heading.replace(ARTICLE_TITLE, '') : undefined;
}

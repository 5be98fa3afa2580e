/**
 * Every threshold of the PDF reader's layout analysis and heading recognition, in one place. Distances are in
 * points or in type sizes (a multiple of the run's or the line's own size), so that they hold at any page size.
 * The values were set against the made-up fixtures of tests/unit/ingest-pdf.test.ts and the real publications
 * (NIST AI 100-1 and its Playbook, Official Journal prints, bills): change one only with `npm run ingest:check`
 * and those tests to hand.
 */
export const LAYOUT = {
  textLayer: {
    /** Characters per page below which a PDF reads as scanned: a page of text holds hundreds, a scan's stamp a few. */
    minCharsPerPage: 20,
    /** Characters that prove a text layer whatever the page count: a long report of figures still has its captions. */
    minChars: 500,
  },
  lines: {
    /** Type sizes two runs' baselines may differ by on one line: a superscript rises less, the next line is further. */
    sameBaseline: 0.45,
    /** Points of that tolerance at the least, for type too small to scale it. */
    minBaselineSlack: 2,
    /** Points a run may start left of the line's end and go on with it (else a type size): kerned and overprinted runs step back. */
    minOverlap: 2,
    /** Type sizes of gap that make a word space: a space is about a quarter of the size, letter spacing far less. */
    wordSpace: 0.15,
    /** Points a run may rise above the line before it in one block: moving further up starts a column or table cell. */
    rise: 1,
    /** Type sizes a run may fall below the line before it in one block: a longer jump (a footer, a far row) leaves it. */
    fall: 6,
    /** Points within which two blocks' tops are level and read left to right, not top to bottom. */
    sameTop: 2,
  },
  furniture: {
    /** Share of the page's height at its top and at its bottom where running heads and page numbers stand: an eighth. */
    margin: 0.12,
    /** Pages a margin line must recur on to be a running head (in a two-page document, both). */
    recurPages: 3,
    /** Pages at the least: one page alone is no recurrence, even in a one-page document. */
    minRecurPages: 2,
    /** And one page in this many: a line on three pages of a hundred is the text's, not a running head. */
    recurOneIn: 5,
    /** Bare numbers in one margin column, counting up, that make line numbers: fewer may be a list or a table. */
    lineNumbers: 5,
    /** Skew (the text matrix's b or c) above which a run is turned, not upright: upright text has none. */
    turned: 0.01,
    /** Share of the page's width at either side where turned text is furniture; a landscape caption stands further in. */
    sideMargin: 0.08,
    /** Pages a one-line paragraph must repeat on word for word to be furniture ("Continued on next page"). */
    repeatedParagraph: 3,
  },
  type: {
    /** Points two sizes may differ by and be one type: rounding and scaling, never a real step of a point or more. */
    sameSize: 0.5,
    /** Steps per point sizes are rounded to when sizes are weighed or ranked: half points, finer than any real step. */
    steps: 2,
    /** The body size of a document without text, so that the tests against it stay defined. */
    defaultBody: 10,
    /** Type sizes between baselines within which a line is the next line, no blank line between (single spacing 1.1-1.4). */
    nextLine: 1.6,
  },
  spacing: {
    /** Baseline distances are counted to 1/20 of a type size, fine enough to tell 1.15 from 1.2 leading. */
    bins: 20,
    /** The narrowest line spacing counted, in type sizes: closer lines are overprints or sub- and superscripts. */
    min: 0.9,
    /** The widest: further apart is a gap between blocks, not leading. */
    max: 2.5,
    /** A spacing is common when it is at least a fifth as frequent as the commonest (paragraph gaps can outnumber lines). */
    commonShare: 5,
    /** And seen at least twice: one pair of lines is no habit. */
    minSeen: 2,
    /** The line spacing when too few lines measure it: the usual leading of body type. */
    fallback: 1.2,
  },
  footnotes: {
    /** A note's type is smaller than the body's: below this share of it, so that body type rendered a hair smaller is not. */
    smaller: 0.95,
  },
  paragraphs: {
    /** Points of size change that end a paragraph: more than one type's rounding (sameSize), less than a heading's step. */
    sizeChange: 1,
    /** Multiples of the document's line spacing up to which a gap is the next line; a paragraph break adds a third of a line or more. */
    gap: 1.3,
    /** Points two lines' left edges may differ by and be one column. */
    sameLeft: 2,
    /** Paragraphs back that the first line of a new page's column may continue: the old page's columns and what follows them. */
    carryBack: 8,
    /** Characters of a table cell's first line of a wrapped group name at most: longer is a paragraph. */
    wrappedName: 80,
  },
  headings: {
    /** Markdown's deepest heading level. */
    maxLevel: 6,
    /** Size over the body's that makes a line a heading: a clear step (11 pt to 12.65), not an italic's or bold's rounding. */
    largeType: 1.15,
    /** Levels that sizes of large type rank into; smaller sizes beyond share the last. */
    largeTypeLevels: 4,
    /** Characters of a heading line at most: a longer line is text, set large or centred (a pull quote, a motto). */
    maxChars: 120,
    /** Characters of a numbered heading in body type at most: longer is a numbered paragraph. */
    maxNumberedChars: 80,
    /** Points right of the body's left edge a centred line must start: a full-width line is centred too. */
    centredIndent: 5,
    /** Points a centred line's middle may miss the page's, at the least: its width's rounding. */
    centredSlack: 6,
    /** Share of the page's width that tolerance grows to on a wide page. */
    centredShare: 0.02,
    /** Type sizes below a lone label its title may stand: the Official Journal sets it two to four blank lines down. */
    labelToTitle: 5,
    /** Type sizes between the lines of a labelled title: the next line. */
    titleLines: 2,
    /** Type sizes between the lines of the act's title, which the L series sets up to a blank line apart. */
    actTitleLines: 3,
    /** Points above the act's title's baseline a line must stand to be the masthead over it. */
    mastheadAbove: 1,
    /** Further lines a bill's section title in capitals may wrap over. */
    sectionTitleLines: 3,
  },
  meta: {
    /** Share of the cover's largest type that is still the title's: a subtitle set a little smaller is part of it. */
    coverTitle: 0.8,
    /** Pages from the start where a level-1 heading is the title, when the metadata names none (cover and title page). */
    titlePages: 2,
    /** Characters of a title taken from the cover at most. */
    titleChars: 200,
    /** Pages from the start where a DOI is the document's own (cover, title page, notice); later ones cite others. */
    doiPages: 4,
    /** Words a Subject needs to describe the document: fewer is a label ("I Legislative acts"). */
    subjectWords: 4,
  },
} as const;

import { plainWords } from '../core/index/fold';

export interface FilterList {
  /** The `name` given to the page's FilterBox. */
  name: string;
  /** What the items are, plural, for the count: "terms", "sources". */
  noun: string;
  /** Each item with its text folded once (plainWords joined by spaces). */
  items: { element: HTMLElement; text: string }[];
  /** Runs after each filtering, before the count is written (the glossary hides its empty letters). */
  after?: () => void;
}

/**
 * Progressive enhancement of a FilterBox: the box shows, and typing narrows the list to the items whose text
 * holds every typed word, however accented or punctuated.
 */
export function installFilter({ name, noun, items, after }: FilterList): void {
  const box = document.querySelector<HTMLElement>(`[data-${name}-filter]`);
  const input = document.querySelector<HTMLInputElement>(`#occ-${name}-filter`);
  const status = document.querySelector<HTMLElement>(`#occ-${name}-count`);
  const apply = () => {
    const words = plainWords(input?.value ?? '');
    let shown = 0;
    for (const { element, text } of items) {
      const match = words.every((w) => text.includes(w));
      element.hidden = !match;
      if (match) shown++;
    }
    after?.();
    if (status) status.textContent = words.length === 0 ? `${items.length} ${noun}` : `${shown} of ${items.length} ${noun} match`;
  };
  if (box && input) {
    box.hidden = false;
    input.addEventListener('input', apply);
    apply();
  }
}

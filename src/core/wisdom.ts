import type { WisdomEntry } from './types.js';

export interface CategoryCount {
  category: string;
  count: number;
}

export function wisdomCategories(entries: readonly WisdomEntry[]): CategoryCount[] {
  const counts = new Map<string, number>();
  for (const entry of entries) counts.set(entry.category, (counts.get(entry.category) ?? 0) + 1);
  return [...counts].map(([category, count]) => ({ category, count })).sort((a, b) => a.category.localeCompare(b.category));
}

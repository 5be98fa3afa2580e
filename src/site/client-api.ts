/**
 * What the docs site's pages that call the API in the browser share (search, verify): nodes built with
 * textContent, so nothing the API returns is parsed as HTML, and a call whose error answer is read as the
 * problem's `detail`.
 */
import type { Problem } from '../api/types';

/** An element holding `text` as text, with an optional class. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/** The JSON body of an API answer; an error answer throws with its problem's `detail`, or its status when it has none. */
export async function apiJson(url: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(url, init);
  const body: unknown = await response.json();
  if (!response.ok) {
    const detail = (body as Partial<Problem>).detail;
    throw new Error(typeof detail === 'string' ? detail : `The API answered ${response.status}.`);
  }
  return body;
}

/**
 * The part of a question that sets the scene rather than asks: a leading conditional or temporal clause ("If we take
 * a chatbot and set it up to screen job candidates, do we become its provider?") or the sentences around the
 * question ("Our tool only sorts files. Can it still be high-risk?", "Question: … ? Please cite the article.").
 * The scene's words describe the asker's situation, which provisions listing such situations (an Annex of uses)
 * match better than the provision that answers. Undefined when the question has no such part.
 */
export function sceneOf(text: string): { scene: string; ask: string } | undefined {
  const lead = LEADING_CLAUSE.exec(text);
  if (lead !== null) return { scene: lead[1] ?? '', ask: lead[2] ?? '' };
  const sentences = text.split(/(?<=[.!?])\s+/).filter((s) => s.trim() !== '');
  const asked = sentences.filter((s) => /\?\s*$/.test(s));
  if (asked.length === 0 || asked.length === sentences.length) return undefined;
  return { scene: sentences.filter((s) => !asked.includes(s)).join(' '), ask: asked.join(' ') };
}

/** "If …, ", "When …, ", "Before …; ": a clause up to the first comma or semicolon, then the question. "As the developer, …" is who asks, not a scene. */
const LEADING_CLAUSE = /^\s*(?:if|when|where|once|after|before|while|although)\b([^,;?]*)[,;]\s*(.+)$/is;

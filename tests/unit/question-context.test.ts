import { describe, expect, it } from 'vitest';
import { sceneOf } from '../../src/core/search/question-context.js';

describe('the scene of a question', () => {
  it('is a leading conditional or temporal clause', () => {
    expect(sceneOf('If we set up a chatbot to screen candidates, do we become its provider?')).toEqual({
      scene: ' we set up a chatbot to screen candidates',
      ask: 'do we become its provider?',
    });
    expect(sceneOf('When running risk management; must we look at minors?')?.ask).toBe('must we look at minors?');
  });

  it('is the sentences around the question, an instruction wrapped around it too', () => {
    expect(sceneOf('Our tool only sorts files. Can it still be high-risk?')).toEqual({ scene: 'Our tool only sorts files.', ask: 'Can it still be high-risk?' });
    expect(sceneOf('Question: Can police use live facial recognition? Please cite the relevant article.')).toEqual({
      scene: 'Please cite the relevant article.',
      ask: 'Question: Can police use live facial recognition?',
    });
    // Two questions are both asked.
    expect(sceneOf('What extra duties apply? Do they have to red-team?')).toBeUndefined();
  });

  it('is absent from a plain question, a query without a question mark, and a clause naming who asks', () => {
    for (const text of ['Do we become the provider of a chatbot set up to screen candidates?', 'data protection. GDPR fines', 'As the developer of a product, where must we show our address?', 'When is an AI system high-risk?']) {
      expect(sceneOf(text), text).toBeUndefined();
    }
  });
});

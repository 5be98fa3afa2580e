import { describe, expect, it } from 'vitest';
import { readIntent } from '../../src/core/search/intent.js';
import { definedNames } from '../../src/core/search/rules/corpus.js';

/** French questions, each with the signals it must raise and those it must not (intent-fr.ts). */
const TABLE: readonly { q: string; yes: readonly string[]; no: readonly string[] }[] = [
  { q: 'Combien de temps le déployeur doit-il conserver les journaux ?', yes: ['time', 'duty'], no: ['amount', 'definition'] },
  { q: 'Dans quel délai faut-il signaler un incident grave ?', yes: ['time', 'duty'], no: ['amount'] },
  { q: "Quelle est l'amende maximale pour une pratique interdite ?", yes: ['amount', 'aboutThe', 'what', 'which'], no: ['time'] },
  { q: 'Quelle amende pour des informations inexactes ?', yes: ['amount'], no: ['time', 'definition'] },
  { q: "Qu'est-ce qu'un système d'IA au sens du règlement ?", yes: ['definition', 'what'], no: ['time', 'amount'] },
  { q: 'Que signifie « fournisseur » ?', yes: ['definition'], no: ['duty'] },
  { q: 'Qui est considéré comme déployeur ?', yes: ['definition', 'aboutThe'], no: ['time'] },
  { q: "Le règlement s'applique-t-il aux systèmes d'IA militaires ?", yes: ['scope'], no: ['application', 'time'] },
  { q: "À partir de quand les interdictions s'appliquent-elles ?", yes: ['application', 'time'], no: ['scope'] },
  { q: 'Quelles obligations s’appliquent aux importateurs ?', yes: ['which'], no: ['scope'] },
  { q: 'La police peut-elle utiliser la reconnaissance faciale ?', yes: ['permission'], no: ['duty'] },
  { q: 'A-t-on le droit de noter socialement les citoyens ?', yes: ['permission'], no: ['amount'] },
  { q: 'Pourquoi le règlement interdit-il la notation sociale ?', yes: ['why'], no: ['time'] },
  { q: 'Que doit contenir la documentation technique ?', yes: ['contents', 'which', 'duty'], no: ['definition'] },
];

describe('French question cues', () => {
  for (const { q, yes, no } of TABLE) {
    it(q, () => {
      const intent = readIntent(q) as unknown as Record<string, unknown>;
      for (const signal of yes) expect(intent[signal], signal).toBe(true);
      for (const signal of no) expect(intent[signal], signal).toBe(false);
    });
  }

  it('reads the subject of a French definition question', () => {
    expect(readIntent("Qu'est-ce qu'un système d'IA au sens du règlement ?").subjects).toContain("système d'IA au sens du règlement");
    expect(readIntent('Qui est considéré comme déployeur ?').subjects).toContain('déployeur');
    expect(readIntent('Que signifie données biométriques ?').subjects).toContain('données biométriques');
  });

  it('reads French operator roles as the role names the role rule compares', () => {
    expect([...readIntent('Les obligations du déployeur et des fournisseurs').roles].sort()).toEqual(['deployer', 'provider']);
    expect([...readIntent('Le responsable du traitement et le sous-traitant').roles].sort()).toEqual(['controller', 'processor']);
  });

  it('leaves English questions as the English patterns read them', () => {
    const intent = readIntent('How long must a deployer keep the logs?');
    expect(intent.time).toBe(true);
    expect(intent.amount).toBe(false);
    expect([...intent.roles]).toEqual(['deployer']);
    // French cues do not fire on English words that start like them.
    expect(readIntent('Question: which duties apply to importers?').what).toBe(false);
  });
});

describe('French defined names', () => {
  it('reads a name French acts define without a verb, and not a name merely quoted', () => {
    expect(definedNames('Aux fins du présent règlement, on entend par:\n1) «système d’IA», un système automatisé …\n2) «risque», la combinaison …')).toEqual(['système d’IA', 'risque']);
    expect(definedNames('la notion de «déployeur» visée dans le présent règlement')).toEqual([]);
    expect(definedNames('‘provider’ means a natural or legal person')).toEqual(['provider']);
  });
});

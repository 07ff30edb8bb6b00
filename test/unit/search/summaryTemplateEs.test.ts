// The template summary in Spanish (domain/search/summaryTemplateEs.ts): every sentence Spanish,
// ranking's reasons said in Spanish or left out, never mixed with English.
import { reasonInSpanish } from '../../../src/domain/search/summaryTemplateEs';
import { templateSummary } from '../../../src/domain/search/summaryTemplate';
import { parseIntentByRules } from '../../../src/domain/search/intent';
import type { RankedResult } from '../../../src/domain/search/ranking';
import { rankedResult } from '../../fixtures/rankedResult';
import { searchDocument } from '../../fixtures/searchDocument';

const result = (name: string, reasons: string[], category = 'Coffee Shop'): RankedResult =>
  rankedResult(searchDocument({ id: `biz_${name}`, name, category }), reasons);

describe('reasonInSpanish', () => {
  it.each([
    ['matches "tacos" and "salsa"', 'coincide con "tacos" y "salsa"'],
    ['rated 4.5 from 40 reviews', 'valoración 4.5 con 40 reseñas'],
    ['rated 5.0 from 1 review', 'valoración 5.0 con 1 reseña'],
    ['1.4 km away', 'a 1.4 km'],
    ['open now', 'abierto ahora'],
    ['open on Saturday 9am-1pm', 'abierto el sábado 9am-1pm'],
    ['open today noon-2am', 'abierto hoy noon-2am'],
    ['open 24 hours tomorrow', 'abierto 24 horas mañana'],
    ['verified', 'verificado'],
    ['services from $20', 'servicios desde $20'],
  ])('%s -> %s', (reason, spanish) => {
    expect(reasonInSpanish(reason)).toBe(spanish);
  });

  it('leaves out a reason it cannot say in Spanish', () => {
    expect(reasonInSpanish('a new kind of reason')).toBeUndefined();
  });
});

describe('templateSummary for a Spanish sentence', () => {
  it('answers in Spanish, the picks with their reasons', () => {
    const request = { query: 'cafetería en Denver', intent: parseIntentByRules('cafetería en Denver') };
    expect(templateSummary(request, [result('Uno', ['open now', 'a new kind of reason']), result('Dos', ['1.4 km away'])], 2)).toBe(
      'Encontré 2 lugares para "cafetería en Denver". Las mejores opciones: Uno (abierto ahora); Dos (a 1.4 km).',
    );
  });

  it('says nothing was found, and what to loosen, in Spanish', () => {
    const request = { query: 'panadería en Boise', intent: parseIntentByRules('panadería en Boise') };
    expect(templateSummary(request, [], 0)).toBe('No hay lugares para "panadería en Boise". Puedes probar una ciudad cercana.');
  });

  it('answers an English sentence in English', () => {
    const request = { query: 'coffee in Denver', intent: parseIntentByRules('coffee in Denver') };
    expect(templateSummary(request, [result('Uno', ['open now'])], 1)).toMatch(/^Found 1 place for "coffee in Denver"\. Top pick: Uno/);
  });
});

describe('a business closed for now', () => {
  it('is said first among its reasons, in Spanish, with its reopening day', () => {
    const request = { query: 'cafetería en Denver', intent: parseIntentByRules('cafetería en Denver') };
    const closed = { ...result('Uno', ['1.4 km away']), document: searchDocument({ id: 'biz_uno', name: 'Uno', category: 'Coffee Shop', operatingStatus: 'temporarily_closed', reopensOn: '2026-12-07' }) } as RankedResult;
    expect(templateSummary(request, [closed], 1)).toBe(
      'Encontré 1 lugar para "cafetería en Denver". La mejor opción: Uno (cerrado temporalmente, reabre previsiblemente el 2026-12-07, a 1.4 km).',
    );
  });
});

// The template summary in Spanish, for a sentence read as Spanish (intent.language "es"): the same
// answers as summaryTemplate.ts, sentence for sentence. Ranking's reasons are short English phrases
// of known forms; each is said in Spanish, and one this file cannot say is left out rather than
// mixed in English. Names, labels and quoted words are the businesses' and the caller's own.
import { closedPhraseEs, documentStatus } from '../freshness/operatingStatus';
import type { RankedResult } from './ranking';
import type { SpellingCorrection } from './spelling';
import type { SummaryRequest } from './summaryRequest';

const MAX_PICKS = 3;
const MAX_REASONS_PER_PICK = 4;
const MAX_QUOTED_QUERY = 120;

const WEEKDAYS_ES: Record<string, string> = {
  Monday: 'el lunes', Tuesday: 'el martes', Wednesday: 'el miércoles', Thursday: 'el jueves', Friday: 'el viernes', Saturday: 'el sábado', Sunday: 'el domingo',
};
const DAYS_ES: Record<string, string> = { today: 'hoy', tomorrow: 'mañana', tonight: 'esta noche' };

function quoted(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim().replace(/"/g, "'");
  return `"${clean.length > MAX_QUOTED_QUERY ? `${clean.slice(0, MAX_QUOTED_QUERY - 1)}…` : clean}"`;
}

function joinList(items: string[], last = 'o'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
}

function places(count: number): string {
  return count === 1 ? '1 lugar' : `${count} lugares`;
}

function dayOf(when: string): string | undefined {
  const weekday = /^on (\w+)$/.exec(when)?.[1];
  return weekday ? WEEKDAYS_ES[weekday] : DAYS_ES[when];
}

/** One of ranking's reasons in Spanish; undefined for a form not known here. */
export function reasonInSpanish(reason: string): string | undefined {
  let m: RegExpExecArray | null;
  if ((m = /^matches (.+)$/.exec(reason))) return `coincide con ${m[1].replace(/" and "/g, '" y "')}`;
  if ((m = /^rated ([\d.]+) from (\d+) reviews?$/.exec(reason))) return `valoración ${m[1]} con ${m[2]} ${m[2] === '1' ? 'reseña' : 'reseñas'}`;
  if ((m = /^([\d.]+) km away$/.exec(reason))) return `a ${m[1]} km`;
  if (reason === 'open now') return 'abierto ahora';
  if ((m = /^open 24 hours (.+)$/.exec(reason))) return dayOf(m[1]) && `abierto 24 horas ${dayOf(m[1])}`;
  if ((m = /^open (on \w+|today|tomorrow|tonight) (\S+)$/.exec(reason))) return dayOf(m[1]) && `abierto ${dayOf(m[1])} ${m[2]}`;
  if (reason === 'certified') return 'certificado';
  if (reason === 'verified') return 'verificado';
  if ((m = /^services from (.+)$/.exec(reason))) return `servicios desde ${m[1]}`;
  if (reason === 'fits your recent searches') return 'acorde con tus búsquedas recientes';
  return undefined;
}

function pick(request: SummaryRequest, result: RankedResult): string {
  const { intent } = request;
  const label = result.document.category.trim();
  const listedElsewhere = intent.categories.length > 0 && label !== '' && !(result.document.categoryKeys ?? []).some((key) => intent.categories.includes(key));
  const closed = closedPhraseEs(documentStatus(result.document));
  const reasons = [
    ...(closed ? [closed] : []),
    ...[...(listedElsewhere ? [`en la categoría ${label}`] : []), ...result.reasons.flatMap((reason) => reasonInSpanish(reason) ?? [])].slice(0, MAX_REASONS_PER_PICK),
  ];
  return reasons.length > 0 ? `${result.document.name} (${reasons.join(', ')})` : result.document.name;
}

function wherePhrase({ intent, radiusKm }: SummaryRequest): string {
  const place = intent.place;
  if (place?.near) return ` cerca de ${place.near}`;
  if (place?.city) return ` en ${place.city}`;
  if (place?.postalCode) return ` en ${place.postalCode}`;
  if (place?.state) return ` en ${place.state}`;
  return radiusKm !== undefined ? ` a menos de ${radiusKm} km` : '';
}

function suggestions({ intent, radiusKm, category }: SummaryRequest): string[] {
  const out: string[] = [];
  if (radiusKm !== undefined) out.push('ampliar el radio de búsqueda');
  if (intent.place) out.push(intent.place.postalCode && !intent.place.city ? 'probar un código postal cercano' : 'probar una ciudad cercana');
  if (category !== undefined) out.push(`quitar el filtro de categoría (${quoted(category)})`);
  if (intent.when) out.push('quitar la condición de horario');
  if (intent.price?.maxAmount !== undefined) out.push('subir el precio máximo');
  if (intent.quality?.minRating !== undefined || intent.quality?.verifiedOnly) out.push('rebajar la valoración o la verificación pedidas');
  if (intent.quality?.minReviews !== undefined) out.push('pedir menos reseñas');
  const words = intent.terms.length + intent.serviceTerms.length;
  if (words > 1) out.push('usar menos palabras');
  if (words > 0) out.push('revisar la ortografía');
  if (out.length === 0) out.push('describir el lugar con otras palabras');
  return out;
}

/** Said before the summary when the sentence was searched with its typos corrected. */
export function spellingNoteEs(correction: SpellingCorrection): string {
  return `Resultados para ${quoted(correction.text)}: ningún negocio menciona ${joinList(correction.corrections.map((c) => quoted(c.from)))}.`;
}

/** The template summary in Spanish (see templateSummary for what each branch says). */
export function templateSummaryEs(request: SummaryRequest, ranked: RankedResult[], total: number, totalIsEstimate = false): string {
  const { query, intent } = request;
  if (request.nothingAsked) {
    return `No hay lugares para ${quoted(query)}: no tiene ninguna palabra que buscar. ¿Qué estás buscando? Di un tipo de lugar, un plato o un servicio, por ejemplo "tacos en Austin".`;
  }
  if (total <= 0) return `No hay lugares para ${quoted(query)}. Puedes ${joinList(suggestions(request))}.`;
  const offset = request.offset ?? 0;
  const things = [...intent.terms, ...intent.serviceTerms, ...(intent.categoryWords ?? [])].map(quoted);
  const where = wherePhrase(request);
  if (request.noneMatch) {
    const lead = `Ningún negocio${where} menciona ${joinList(things)}.`;
    if (ranked.length === 0) return `${lead} No hay más resultados en esta página.`;
    return `${lead} Otros lugares encontrados: ${ranked.slice(0, MAX_PICKS).map((r) => pick(request, r)).join('; ')}.`;
  }
  const count = `${totalIsEstimate ? 'al menos ' : ''}${places(total)}`;
  const found = request.widened
    ? `Ningún negocio${where} figura como ${joinList(things)}. Encontré ${count} cuyo perfil lo menciona o menciona una palabra relacionada.`
    : `Encontré ${count} para ${quoted(query)}.`;
  if (ranked.length === 0) return `${found} No hay más resultados en esta página.`;
  const matching = ranked.filter((r) => r.matchesQuery !== false);
  const picks = (matching.length > 0 ? matching : ranked).slice(0, MAX_PICKS).map((r) => pick(request, r));
  const label = offset > 0 ? `Desde el resultado ${offset + 1}` : picks.length === 1 ? 'La mejor opción' : 'Las mejores opciones';
  const others = ranked.length - matching.length;
  const note = others > 0 && matching.length > 0 ? ` ${others === 1 ? 'Otro resultado' : `Otros ${others} resultados`} de esta página no ${others === 1 ? 'coincide' : 'coinciden'} con ${joinList(things)}.` : '';
  return `${found} ${label}: ${picks.join('; ')}.${note}`;
}

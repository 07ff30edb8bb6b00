// "Café" -> "Cafe": compatibility decomposition, then the combining marks dropped, so words
// written with and without accents compare equal.
export function foldAccents(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '');
}

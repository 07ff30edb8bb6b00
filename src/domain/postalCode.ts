/** A US ZIP+4 ("78701-1234") as its five-digit ZIP; any other code as given. One place for the rule search filters and duplicate keys share. */
export function withoutZipPlus4(code: string): string {
  return /^\d{5}-\d{4}$/.test(code) ? code.slice(0, 5) : code;
}

// stopword ships no types: its CommonJS build exports each language's list by ISO 639-3 code
// ("spa", "fra", "porBr") beside removeStopwords.
declare module 'stopword' {
  const lists: Record<string, string[] | undefined>;
  export = lists;
}

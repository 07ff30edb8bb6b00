// A pure function's answers remembered per key, up to `size` keys: past the bound the memo starts
// again rather than growing with every string a caller ever passed (words typed, zone names).
export function boundedMemo<V>(size: number, compute: (key: string) => V): (key: string) => V {
  const answers = new Map<string, V>();
  return (key) => {
    if (answers.has(key)) return answers.get(key) as V;
    const answer = compute(key);
    if (answers.size >= size) answers.clear();
    answers.set(key, answer);
    return answer;
  };
}

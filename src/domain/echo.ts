// Client input quoted back in an error message is cut short: a 5000-character path or
// property name must not come back in full (nor fill logs that record messages).
const MAX_ECHO = 64;

export function echo(input: string, max = MAX_ECHO): string {
  const chars = [...input];
  return chars.length <= max ? input : `${chars.slice(0, max).join('')}... (${chars.length} characters)`;
}

// Fills `{name}` placeholders in the catalogue's phrase templates.

export type TemplateValues = Record<string, string | number>;

export function fillTemplate(template: string, values: TemplateValues): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`template "${template}" needs a value for {${key}}`);
    return String(value);
  });
}

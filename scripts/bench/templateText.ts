// Fills `{name}` placeholders in the catalogue's phrase templates.

/** A template may name a placeholder the values lack: filling it then fails with the template's text. */
export type TemplateValues = Partial<Record<string, string | number>>;

export function fillTemplate(template: string, values: TemplateValues): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`template "${template}" needs a value for {${key}}`);
    return String(value);
  });
}

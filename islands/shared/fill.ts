// Fills named placeholders in an island's text, written {name} or {{name}} (i18next's form, when the server passes a
// locale text through untouched). Unknown names stay as they are, so a text can be filled in two steps.
export function fill(text: string, vars: Record<string, string | number> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}|\{(\w+)\}/g, (m, a: string | undefined, b: string | undefined) => {
    const k = (a ?? b)!;
    return k in vars ? String(vars[k]) : m;
  });
}

// Fills prompt templates. Variables are written {{name}}; spaces inside the braces are allowed.

export type TemplateVariables = Record<string, string | number | null | undefined>;

const VARIABLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/**
 * Replaces every {{name}} in one pass. Unknown or empty variables become '' so that a workflow's custom
 * template never sends a literal "{{x}}" to the model. Values are not re-expanded: product data containing
 * "{{keywords}}" stays as typed, so user input cannot pull other variables into the prompt.
 */
export function renderTemplate(template: string, variables: TemplateVariables): string {
  // A replacer function, not a string, so that "$&" or "$1" in product data is inserted literally.
  return template.replace(VARIABLE, (_match, name: string) => {
    const value = Object.hasOwn(variables, name) ? variables[name] : undefined;
    return value === null || value === undefined ? '' : String(value);
  });
}

/** The distinct variable names a template uses, in order of first use. */
export function listTemplateVariables(template: string): string[] {
  return [...new Set(Array.from(template.matchAll(VARIABLE), (match) => match[1]!))];
}

import { invalidRequest } from './objects.ts';

/**
 * Stripe's v1 API takes form-encoded bodies and query strings with bracketed keys
 * (`metadata[orderId]=…`, `expand[0]=payment_method`); this turns them back into objects so the
 * fake reads parameters the way the real API does, and so a test can assert on them.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export function parseForm(encoded: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = splitKey(key);
    let node: FormObject = root;
    path.forEach((given, index) => {
      // `list[]=a&list[]=b` appends, as `list[0]=a&list[1]=b` does
      const segment = given === '' ? String(Object.keys(node).length) : given;
      if (index === path.length - 1) {
        node[segment] = value;
        return;
      }
      const next = node[segment];
      if (typeof next !== 'object' || next === null || Array.isArray(next)) node[segment] = {};
      node = node[segment] as FormObject;
    });
  }
  return listify(root) as FormObject;
}

function splitKey(key: string): string[] {
  const head = key.split('[', 1)[0] ?? key;
  const rest = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1] ?? '');
  return [head, ...rest];
}

// `expand[0]`, `expand[1]` arrive as keys of an object; an object whose keys are all indices is a list
function listify(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, listify(value[key]!)] as const);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, item]) => item);
  }
  return Object.fromEntries(entries);
}

export function stringParam(form: FormObject, name: string): string | null {
  const value = form[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

export function booleanParam(form: FormObject, name: string): boolean {
  return form[name] === 'true';
}

export function listParam(form: FormObject, name: string): string[] {
  const value = form[name];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

export function metadataParam(form: FormObject): Record<string, string> {
  const value = form.metadata;
  if (typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

export function amountParam(form: FormObject, name: string): number {
  const value = form[name];
  if (value === undefined) throw invalidRequest(`Missing required param: ${name}.`, { code: 'parameter_missing', param: name });
  if (typeof value !== 'string' || !/^\d+$/.test(value))
    throw invalidRequest(`Invalid integer: ${typeof value === 'string' ? value : JSON.stringify(value)}`, { param: name });
  return Number(value);
}

export function requiredParam(form: FormObject, name: string): string {
  const value = stringParam(form, name);
  if (value === null) throw invalidRequest(`Missing required param: ${name}.`, { code: 'parameter_missing', param: name });
  return value;
}

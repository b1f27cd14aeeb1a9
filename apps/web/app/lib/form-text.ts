/** A form field's text: '' when the form has no such field, or when it holds a file. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

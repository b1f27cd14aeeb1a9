import { constants, inflateSync } from 'node:zlib';
import { PDF_INFLATE_BUDGET_BYTES } from './inspect-inflate.ts';
import { objectStreamValues, pdfObjects, TooDeep, type Value } from './inspect-streams.ts';

/**
 * PDF names that make a document do something when opened or carry other files: scripts
 * (JavaScript, JS), attachments (EmbeddedFile, EmbeddedFiles), launching programs (Launch),
 * Flash and 3D media (RichMedia), and XML forms, which carry their own scripts (XFA). The lexer
 * undoes any `#xx` escapes in a name, so `/J#61vaScript` is found as `/JavaScript`.
 */
const activeKeys = new Set(['JavaScript', 'JS', 'EmbeddedFile', 'EmbeddedFiles', 'Launch', 'RichMedia', 'XFA']);
const activeActions = new Set(['JavaScript', 'Launch', 'ImportData', 'RichMediaExecute', 'GoToE']);

export type ObjectsVerdict = 'encrypted' | 'active' | 'unreadable' | 'clean';

/**
 * What a PDF's objects say, read by the project's own walker (inspect-streams.ts): every value
 * at the top level of the file, and every object inside an object stream, once inflated. A file
 * is `encrypted` when a trailer or a cross-reference stream names an /Encrypt dictionary (its
 * object streams are then unreadable without the key, so this is decided first); `active` when
 * any dictionary anywhere holds one of the names above; `unreadable` when an object stream cannot
 * be decoded as a reader would (a filter other than FlateDecode, a predictor, damaged data) or
 * values nest past any real document's depth.
 */
export function objectsVerdict(bytes: Buffer): ObjectsVerdict {
  try {
    const objects = [...pdfObjects(bytes)];
    if (objects.some(({ value }) => value.kind === 'dict' && value.entries.has('Encrypt'))) return 'encrypted';
    if (objects.some(({ value }) => isActive(value))) return 'active';
    for (const { value, stream } of objects) {
      if (!stream || stream.type !== 'ObjStm' || value.kind !== 'dict') continue;
      const data = decoded(stream.filters, stream.data, value.entries.has('DecodeParms'));
      if (!data) return 'unreadable';
      if (objectStreamValues(data, value.entries.get('First')).some(isActive)) return 'active';
    }
    return 'clean';
  } catch (error) {
    if (error instanceof TooDeep) return 'unreadable';
    throw error;
  }
}

/** An object stream's data as a reader decodes it, or null when this walker cannot. */
function decoded(filters: string[] | null, data: Buffer, hasParameters: boolean): Buffer | null {
  if (filters === null || hasParameters || filters.some((filter) => filter !== 'FlateDecode')) return null;
  try {
    // the inflate budget was checked on the whole file before (inspect-inflate.ts); it caps each layer here too
    return filters.reduce(
      (layer) => inflateSync(layer, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: PDF_INFLATE_BUDGET_BYTES }),
      data,
    );
  } catch {
    return null;
  }
}

/** Whether a value, or anything written inside it, is active content. */
function isActive(value: Value): boolean {
  if (value.kind === 'array') return value.items.some(isActive);
  if (value.kind !== 'dict') return false;
  for (const [key, entry] of value.entries) {
    if (activeKeys.has(key)) return true;
    if ((key === 'S' || key === 'Type' || key === 'Subtype') && entry.kind === 'name' && activeActions.has(entry.name)) return true;
    if (key === 'Type' && entry.kind === 'name' && entry.name === 'EmbeddedFile') return true;
    if (isActive(entry)) return true;
  }
  return false;
}

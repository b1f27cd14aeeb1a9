/**
 * Reads a PDF's objects from its raw bytes, in file order, without decoding any stream: a
 * dictionary followed by the `stream` keyword has data running for the dictionary's direct
 * `/Length` when `endstream` follows it there, else up to the `endstream` that balances it, as a
 * lenient parser reads a damaged file. Names, numbers, references, arrays and dictionaries are
 * kept; strings and operators are not.
 */

/** A dictionary's entries as the walker reads them: `null` when given by a reference it cannot follow. */
export interface RawPdfStream {
  type: string | null | undefined;
  /** the filters in the order they undo the encoding */
  filters: string[] | null;
  data: Buffer;
}

export type Value =
  | { kind: 'name'; name: string }
  | { kind: 'number'; value: number }
  | { kind: 'reference' }
  | { kind: 'array'; items: Value[] }
  | { kind: 'dict'; entries: Map<string, Value> }
  | { kind: 'other' };

const isSpace = (byte: number | undefined) => byte === 0 || byte === 9 || byte === 10 || byte === 12 || byte === 13 || byte === 32;
// ( ) < > [ ] { } / %
const delimiters = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const isRegular = (byte: number | undefined) => byte !== undefined && !isSpace(byte) && !delimiters.has(byte);

const STREAM = Buffer.from('stream');
const ENDSTREAM = Buffer.from('endstream');
/** deeper nesting than this is no real document's: the file is not read further */
const MAX_DEPTH = 64;

/** Thrown when arrays and dictionaries nest deeper than MAX_DEPTH. */
export class TooDeep extends Error {
  constructor() {
    super(`A PDF value nests deeper than ${MAX_DEPTH} levels`);
  }
}

class Lexer {
  position = 0;
  constructor(readonly bytes: Buffer) {}

  at(offset = 0) {
    return this.bytes[this.position + offset];
  }

  startsWith(word: Buffer, at = this.position) {
    return this.bytes.subarray(at, at + word.length).equals(word);
  }

  skipSpace() {
    for (;;) {
      while (isSpace(this.at())) this.position++;
      if (this.at() !== 0x25) return;
      while (this.position < this.bytes.length && this.at() !== 10 && this.at() !== 13) this.position++;
    }
  }

  regularRun() {
    const start = this.position;
    while (isRegular(this.at())) this.position++;
    return this.bytes.toString('latin1', start, this.position);
  }

  /** A literal string: parentheses balance inside it unless escaped with a backslash. */
  skipLiteral() {
    let depth = 0;
    while (this.position < this.bytes.length) {
      const byte = this.bytes[this.position++];
      if (byte === 0x5c) this.position++;
      else if (byte === 0x28) depth++;
      else if (byte === 0x29 && --depth === 0) return;
    }
  }

  name(): string {
    this.position++;
    // the parser undoes #xx escapes: /Fl#61teDecode is /FlateDecode to it, so to us
    return this.regularRun().replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }

  value(depth: number): Value {
    this.skipSpace();
    const byte = this.at();
    if (depth > MAX_DEPTH) throw new TooDeep();
    if (byte === undefined) return { kind: 'other' };
    if (byte === 0x2f) return { kind: 'name', name: this.name() };
    if (byte === 0x3c && this.at(1) === 0x3c) return this.dict(depth);
    if (byte === 0x5b) return this.array(depth);
    if (byte === 0x28) {
      this.skipLiteral();
      return { kind: 'other' };
    }
    if (byte === 0x3c) {
      const end = this.bytes.indexOf(0x3e, this.position);
      this.position = end < 0 ? this.bytes.length : end + 1;
      return { kind: 'other' };
    }
    if (!isRegular(byte)) {
      this.position++;
      return { kind: 'other' };
    }
    const word = this.regularRun();
    if (!/^[+-]?\d*\.?\d+$/.test(word)) return { kind: 'other' };
    return this.referenceAfter(word) ? { kind: 'reference' } : { kind: 'number', value: Number(word) };
  }

  /** Whether `word` opens an indirect reference (`12 0 R`), read to its end if so. */
  private referenceAfter(word: string): boolean {
    const back = this.position;
    this.skipSpace();
    const generation = this.regularRun();
    this.skipSpace();
    if (/^\d+$/.test(word) && /^\d+$/.test(generation) && this.at() === 0x52 && !isRegular(this.at(1))) {
      this.position++;
      return true;
    }
    this.position = back;
    return false;
  }

  private dict(depth: number): Value {
    this.position += 2;
    const entries = new Map<string, Value>();
    for (;;) {
      this.skipSpace();
      if (this.position >= this.bytes.length) return { kind: 'dict', entries };
      if (this.at() === 0x3e && this.at(1) === 0x3e) {
        this.position += 2;
        return { kind: 'dict', entries };
      }
      if (this.at() !== 0x2f) {
        this.value(depth + 1);
        continue;
      }
      const key = this.name();
      entries.set(key, this.value(depth + 1));
    }
  }

  private array(depth: number): Value {
    this.position++;
    const items: Value[] = [];
    for (;;) {
      this.skipSpace();
      if (this.position >= this.bytes.length) return { kind: 'array', items };
      if (this.at() === 0x5d) {
        this.position++;
        return { kind: 'array', items };
      }
      items.push(this.value(depth + 1));
    }
  }
}

function filtersOf(filter: Value | undefined): string[] | null {
  if (!filter) return [];
  if (filter.kind === 'name') return [filter.name];
  if (filter.kind === 'array') {
    const names = filter.items.map((item) => (item.kind === 'name' ? item.name : null));
    return names.every((name) => name !== null) ? names : null;
  }
  // a reference, or anything else the parser would have to resolve or refuse
  return null;
}

function typeOf(type: Value | undefined): string | null | undefined {
  if (!type) return undefined;
  if (type.kind === 'name') return type.name;
  return type.kind === 'reference' ? null : undefined;
}

/** A value written at the top level of a file (an object's body, a trailer), with its stream's data if it has one. */
export interface RawPdfObject {
  value: Value;
  stream: RawPdfStream | null;
}

/** Every value at the top level of a PDF's file, in order. Throws TooDeep. */
export function* pdfObjects(bytes: Buffer): Generator<RawPdfObject> {
  const lexer = new Lexer(bytes);
  for (lexer.skipSpace(); lexer.position < bytes.length; lexer.skipSpace()) {
    const value = lexer.value(0);
    if (value.kind !== 'dict') {
      yield { value, stream: null };
      continue;
    }
    lexer.skipSpace();
    if (!lexer.startsWith(STREAM)) {
      yield { value, stream: null };
      continue;
    }
    lexer.position += STREAM.length;
    if (lexer.at() === 32 && lexer.at(1) === 13 && lexer.at(2) === 10) lexer.position += 3;
    else if (lexer.at() === 13 && lexer.at(1) === 10) lexer.position += 2;
    else if (lexer.at() === 13 || lexer.at() === 10) lexer.position += 1;
    const start = lexer.position;
    const end = streamEnd(lexer, start, value.entries.get('Length'));
    const stream = {
      type: typeOf(value.entries.get('Type')),
      filters: filtersOf(value.entries.get('Filter')),
      data: bytes.subarray(start, end),
    };
    yield { value, stream };
    lexer.position = Math.min(bytes.length, end);
  }
}

/** Every stream of a PDF at the top level of its file, in order. Throws TooDeep. */
export function* pdfStreams(bytes: Buffer): Generator<RawPdfStream> {
  for (const { stream } of pdfObjects(bytes)) if (stream) yield stream;
}

/**
 * The objects of an object stream, from its decoded data: each one read where the stream's header
 * places it (`/First` plus its offset), as a reader looking one up does, and the data after
 * `/First` read once more from end to end, so an object is found however the header points.
 * Throws TooDeep.
 */
export function objectStreamValues(data: Buffer, first: Value | undefined): Value[] {
  const values: Value[] = [];
  const start = first?.kind === 'number' && Number.isInteger(first.value) && first.value >= 0 ? first.value : 0;
  const header = new Lexer(data.subarray(0, start));
  const offsets: number[] = [];
  for (;;) {
    const number = header.value(0);
    const offset = header.value(0);
    if (number.kind !== 'number' || offset.kind !== 'number') break;
    offsets.push(offset.value);
  }
  const body = new Lexer(data.subarray(start));
  for (const offset of offsets) {
    body.position = offset;
    values.push(body.value(0));
  }
  for (body.position = 0, body.skipSpace(); body.position < body.bytes.length; body.skipSpace()) values.push(body.value(0));
  return values;
}

function streamEnd(lexer: Lexer, start: number, length: Value | undefined): number {
  if (length?.kind === 'number' && Number.isInteger(length.value) && length.value >= 0) {
    lexer.position = start + length.value;
    lexer.skipSpace();
    if (lexer.startsWith(ENDSTREAM)) return start + length.value;
  }
  return fallbackEnd(lexer.bytes, start);
}

const END = Buffer.from('end');

/**
 * The parser's own way when the length is no help: a `stream` keyword inside the data opens a
 * nested one, so the data ends at the `endstream` that balances them. Ended the parser's way, the
 * walker inflates exactly the bytes the parser would.
 */
function fallbackEnd(bytes: Buffer, start: number): number {
  let nesting = 1;
  let from = start;
  for (;;) {
    const found = bytes.indexOf(STREAM, from);
    if (found < 0) return bytes.length;
    from = found + STREAM.length;
    const closing = found >= 3 && bytes.subarray(found - 3, found).equals(END);
    if (!closing) {
      nesting++;
      continue;
    }
    if (--nesting === 0) return found - 3;
  }
}

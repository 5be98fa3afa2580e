import { closeSync, fstatSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { ArtifactError } from '../errors.js';

/**
 * OCC's binary artifact container (docs/artifact.md): named sections of raw little-endian typed arrays, each
 * 8-byte aligned, followed by a JSON header that lists them, then a trailer. The header comes last so that a
 * builder can stream a section of unknown length (the chunk records) straight to disk. A loader maps sections
 * into typed arrays over the bytes it read, without parsing entries.
 *
 *   "OCCBIN01" | section … | header JSON (UTF-8) | header offset (float64) | "OCCBIN01"
 */
const MAGIC = Buffer.from('OCCBIN01', 'latin1');
const TRAILER = 16;

export type SectionType = 'u8' | 'u32' | 'f64';
type Typed = Uint8Array | Uint32Array | Float64Array;
const SIZE: Record<SectionType, number> = { u8: 1, u32: 4, f64: 8 };

export interface Section {
  type: SectionType;
  /** Byte offset from the start of the file. */
  offset: number;
  /** Number of elements. */
  length: number;
}

export interface ContainerHeader {
  sections: Record<string, Section>;
  [key: string]: unknown;
}

function typeOf(array: Typed): SectionType {
  if (array instanceof Uint8Array) return 'u8';
  if (array instanceof Uint32Array) return 'u32';
  return 'f64';
}

// Typed arrays are read in the machine's byte order; the format is little-endian.
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Writes a container to `file` through a temporary file renamed into place at the end, so a reader never sees
 * a half-written artifact and a running server keeps the file it opened.
 */
export class ContainerWriter {
  private readonly fd: number;
  private readonly temp: string;
  private at = 0;
  private readonly sections: Record<string, Section> = {};
  private open: { name: string; type: SectionType; start: number } | undefined;

  constructor(private readonly file: string) {
    if (!LITTLE_ENDIAN) throw new ArtifactError('OCC artifacts are little-endian; this machine is not.');
    this.temp = `${file}.${process.pid}.tmp`;
    this.fd = openSync(this.temp, 'w');
    this.write(MAGIC);
  }

  private write(bytes: Uint8Array): void {
    let done = 0;
    while (done < bytes.length) done += writeSync(this.fd, bytes, done, bytes.length - done, this.at + done);
    this.at += bytes.length;
  }

  private align(): void {
    const pad = (8 - (this.at % 8)) % 8;
    if (pad > 0) this.write(new Uint8Array(pad));
  }

  /** A whole section at once. */
  section(name: string, array: Typed): void {
    this.begin(name, typeOf(array));
    this.append(array);
    this.end();
  }

  /** A section written in parts (`append`), closed by `end`. */
  begin(name: string, type: SectionType): void {
    if (this.open !== undefined) throw new Error(`section ${this.open.name} is still open`);
    if (name in this.sections) throw new Error(`section ${name} written twice`);
    this.align();
    this.open = { name, type, start: this.at };
  }

  append(array: Typed): void {
    if (this.open === undefined || this.open.type !== typeOf(array)) throw new Error('append needs an open section of the same type');
    this.write(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
  }

  end(): void {
    const open = this.open;
    if (open === undefined) throw new Error('no open section');
    this.sections[open.name] = { type: open.type, offset: open.start, length: (this.at - open.start) / SIZE[open.type] };
    this.open = undefined;
  }

  finish(header: Record<string, unknown>): number {
    if (this.open !== undefined) throw new Error(`section ${this.open.name} is still open`);
    const headerAt = this.at;
    this.write(Buffer.from(JSON.stringify({ ...header, sections: this.sections })));
    const trailer = Buffer.alloc(TRAILER);
    trailer.writeDoubleLE(headerAt, 0);
    MAGIC.copy(trailer, 8);
    this.write(trailer);
    closeSync(this.fd);
    renameSync(this.temp, this.file);
    return this.at;
  }

  abort(): void {
    try {
      closeSync(this.fd);
    } catch {
      // already closed
    }
    rmSync(this.temp, { force: true });
  }
}

/** Encodes a container in memory (tests, small artifacts): the same bytes ContainerWriter writes. */
export function encodeContainer(header: Record<string, unknown>, sections: Record<string, Typed>): Buffer {
  const parts: Uint8Array[] = [MAGIC];
  let at = MAGIC.length;
  const listed: Record<string, Section> = {};
  for (const [name, array] of Object.entries(sections)) {
    const pad = (8 - (at % 8)) % 8;
    parts.push(new Uint8Array(pad));
    at += pad;
    listed[name] = { type: typeOf(array), offset: at, length: array.length };
    parts.push(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
    at += array.byteLength;
  }
  const json = Buffer.from(JSON.stringify({ ...header, sections: listed }));
  const trailer = Buffer.alloc(TRAILER);
  trailer.writeDoubleLE(at, 0);
  MAGIC.copy(trailer, 8);
  return Buffer.concat([...parts, json, trailer]);
}

/** Reads the header from the last bytes of a container; `read(position, length)` supplies the bytes. */
function readHeader(size: number, read: (position: number, length: number) => Buffer, what: string): ContainerHeader {
  const fail = (why: string) => new ArtifactError(`Cannot load ${what}: ${why}. Rebuild it with \`npm run build\`.`);
  if (size < MAGIC.length + TRAILER || !read(0, MAGIC.length).equals(MAGIC)) throw fail('not an OCC artifact file');
  const trailer = read(size - TRAILER, TRAILER);
  if (!trailer.subarray(8).equals(MAGIC)) throw fail('the file is truncated');
  const headerAt = trailer.readDoubleLE(0);
  if (!Number.isInteger(headerAt) || headerAt < MAGIC.length || headerAt > size - TRAILER) throw fail('the file is damaged (header offset)');
  let header: ContainerHeader;
  try {
    header = JSON.parse(read(headerAt, size - TRAILER - headerAt).toString('utf8')) as ContainerHeader;
  } catch (cause) {
    throw new ArtifactError(`Cannot load ${what}: its header is not JSON. Rebuild it with \`npm run build\`.`, { cause });
  }
  if (header === null || typeof header !== 'object' || typeof header.sections !== 'object' || header.sections === null) throw fail('the header lists no sections');
  for (const [name, s] of Object.entries(header.sections)) {
    const bytes = s.length * (SIZE[s.type] ?? NaN);
    if (!Number.isInteger(s.offset) || s.offset % 8 !== 0 || !Number.isInteger(bytes) || s.offset + bytes > headerAt) {
      throw fail(`the file is damaged (section ${name})`);
    }
  }
  return header;
}

/** A container read whole into memory: sections are typed-array views over its bytes. */
export class Container {
  readonly header: ContainerHeader;
  private readonly bytes: Buffer;

  constructor(bytes: Buffer, private readonly what: string) {
    // A typed array view needs an offset aligned to its element size; Node's pooled small buffers may not be.
    this.bytes = bytes.byteOffset % 8 === 0 ? bytes : Buffer.from(bytes);
    this.header = readHeader(this.bytes.length, (position, length) => this.bytes.subarray(position, position + length), what);
  }

  has(name: string): boolean {
    return name in this.header.sections;
  }

  u8(name: string): Uint8Array {
    return this.view(name, 'u8') as Uint8Array;
  }

  u32(name: string): Uint32Array {
    return this.view(name, 'u32') as Uint32Array;
  }

  f64(name: string): Float64Array {
    return this.view(name, 'f64') as Float64Array;
  }

  private view(name: string, type: SectionType): Typed {
    const s = this.header.sections[name];
    if (s === undefined || s.type !== type) {
      throw new ArtifactError(`Cannot load ${this.what}: section ${name} is missing. Rebuild it with \`npm run build\`.`);
    }
    const at = this.bytes.byteOffset + s.offset;
    if (type === 'u8') return new Uint8Array(this.bytes.buffer, at, s.length);
    if (type === 'u32') return new Uint32Array(this.bytes.buffer, at, s.length);
    return new Float64Array(this.bytes.buffer, at, s.length);
  }
}

/**
 * A container left on disk: the header and the sections asked for are read, the rest (the chunk records) stays
 * in the file and is read by range on use, so a large corpus costs neither start-up time nor resident memory.
 */
export class FileContainer {
  readonly header: ContainerHeader;
  private readonly fd: number;
  private scratch = Buffer.allocUnsafeSlow(64 * 1024);

  constructor(file: string, private readonly what: string) {
    this.fd = openSync(file, 'r');
    const size = fstatSync(this.fd).size;
    this.header = readHeader(size, (position, length) => this.read(position, length), what);
  }

  /** `length` bytes from `position`, in a buffer that the next read may reuse when `scratch` is set. */
  read(position: number, length: number, scratch = false): Buffer {
    if (scratch && length > this.scratch.length) this.scratch = Buffer.allocUnsafeSlow(Math.max(length, this.scratch.length * 2));
    const out = scratch ? this.scratch.subarray(0, length) : Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const n = readSync(this.fd, out, done, length - done, position + done);
      if (n === 0) throw new ArtifactError(`Cannot load ${this.what}: the file is truncated. Rebuild it with \`npm run build\`.`);
      done += n;
    }
    return out;
  }

  section(name: string, type: SectionType): Section {
    const s = this.header.sections[name];
    if (s === undefined || s.type !== type) {
      throw new ArtifactError(`Cannot load ${this.what}: section ${name} is missing. Rebuild it with \`npm run build\`.`);
    }
    return s;
  }

  /** A whole section, copied into memory. */
  load(name: string, type: 'u32'): Uint32Array;
  load(name: string, type: 'u8'): Uint8Array;
  load(name: string, type: 'f64'): Float64Array;
  load(name: string, type: SectionType): Typed {
    const s = this.section(name, type);
    const bytes = this.read(s.offset, s.length * SIZE[type]);
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
    if (type === 'u8') return new Uint8Array(buffer);
    if (type === 'u32') return new Uint32Array(buffer);
    return new Float64Array(buffer);
  }

  close(): void {
    closeSync(this.fd);
  }
}

/** Strings as one UTF-8 blob and offsets: string i is bytes[offsets[i] .. offsets[i + 1]). */
export interface StringTable {
  bytes: Uint8Array;
  offsets: Uint32Array;
}

export function encodeStrings(values: readonly string[]): StringTable {
  const encoded = values.map((v) => Buffer.from(v, 'utf8'));
  const offsets = new Uint32Array(values.length + 1);
  encoded.forEach((b, i) => (offsets[i + 1] = offsets[i]! + b.length));
  return { bytes: Buffer.concat(encoded), offsets };
}

export function decodeStrings(table: StringTable): string[] {
  const buffer = Buffer.from(table.bytes.buffer, table.bytes.byteOffset, table.bytes.byteLength);
  const out = new Array<string>(Math.max(0, table.offsets.length - 1));
  for (let i = 0; i < out.length; i++) out[i] = buffer.toString('utf8', table.offsets[i], table.offsets[i + 1]);
  return out;
}

/** A typed array that grows as values are pushed; `view()` is the filled part. */
export class Growable<T extends Uint8Array | Uint32Array | Float64Array> {
  private data: T;
  length = 0;

  constructor(private readonly make: (size: number) => T, capacity = 1024) {
    this.data = make(capacity);
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = this.make(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }

  get(i: number): number {
    return this.data[i]!;
  }

  /** Sets the length, growing the storage as needed (new values are 0). */
  resize(length: number): void {
    if (length > this.data.length) {
      const bigger = this.make(Math.max(length, this.data.length * 2));
      bigger.set(this.data);
      this.data = bigger;
    }
    if (length > this.length) this.data.fill(0, this.length, length);
    this.length = length;
  }

  set(i: number, value: number): void {
    this.data[i] = value;
  }

  view(): T {
    return this.data.subarray(0, this.length) as T;
  }
}

import type { Readable, Writable } from "node:stream";
import { createGunzip } from "node:zlib";
import { invalid } from "../../errors.ts";

/**
 * The archive's container: a POSIX ustar file, gzip-compressed. Written by `TarWriter` (regular files
 * only, each entry's size known before its bytes) and read back as a stream by `readTar`, which trusts
 * nothing: it refuses anything but regular files with names the caller allows, entries over their size
 * limit, and a gzip stream that expands beyond a total size or a ratio (a compression bomb).
 */

const BLOCK = 512;
const ZEROS = Buffer.alloc(BLOCK);

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, "0")}\0`;
}

/** One ustar header block for a regular file `name` of `size` bytes. Fixed mode, owner and time 0. */
export function tarHeader(name: string, size: number): Buffer {
  const nameBytes = Buffer.from(name, "utf8");
  if (nameBytes.length > 100) throw new Error(`tar entry name too long: ${name}`);
  const header = Buffer.alloc(BLOCK);
  nameBytes.copy(header, 0);
  header.write(octal(0o644, 8), 100, "ascii");
  header.write(octal(0, 8), 108, "ascii");
  header.write(octal(0, 8), 116, "ascii");
  header.write(octal(size, 12), 124, "ascii");
  header.write(octal(0, 12), 136, "ascii");
  header.write("        ", 148, "ascii");
  header.write("0", 156, "ascii");
  header.write("ustar\0", 257, "ascii");
  header.write("00", 263, "ascii");
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return header;
}

/** Writes tar entries to `out` (a gzip stream, usually), waiting for it to drain. */
export class TarWriter {
  readonly #out: Writable;

  constructor(out: Writable) {
    this.#out = out;
  }

  async #write(chunk: Buffer): Promise<void> {
    if (!this.#out.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        const done = (error?: Error) => {
          this.#out.off("drain", done);
          this.#out.off("error", done);
          if (error) reject(error);
          else resolve();
        };
        this.#out.once("drain", done);
        this.#out.once("error", done);
      });
    }
  }

  /** An entry of exactly `size` bytes from `body`; refuses a body of any other length. */
  async entry(name: string, size: number, body: AsyncIterable<Buffer | string> | Buffer): Promise<void> {
    await this.#write(tarHeader(name, size));
    let written = 0;
    const chunks = Buffer.isBuffer(body) ? [body] : body;
    for await (const raw of chunks) {
      const chunk = typeof raw === "string" ? Buffer.from(raw) : raw;
      written += chunk.length;
      if (written > size) throw new Error(`${name}: more than the ${size} bytes expected`);
      await this.#write(chunk);
    }
    if (written !== size) throw new Error(`${name}: ${written} bytes, not the ${size} expected`);
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad > 0) await this.#write(ZEROS.subarray(0, pad));
  }

  /** The two empty blocks that end an archive, then ends `out` and waits for it to finish. */
  async finish(): Promise<void> {
    await this.#write(Buffer.alloc(BLOCK * 2));
    await new Promise<void>((resolve, reject) => {
      this.#out.once("error", reject);
      this.#out.end(() => resolve());
    });
  }
}

export interface ReadLimits {
  /** the most bytes the whole archive may expand to */
  maxExpandedBytes: number;
  /** the most the archive may expand relative to its compressed size (checked past the first MiB) */
  maxRatio: number;
  /** the largest an entry may be, by name; undefined refuses the name */
  entryLimit(name: string): number | undefined;
}

export interface TarEntry {
  name: string;
  size: number;
  /** the entry's bytes; read it through before asking for the next entry (or it is skipped) */
  body: AsyncIterable<Buffer>;
}

const refuse = (why: string) => invalid(`This file is not a Docket archive you can restore: ${why}.`);

/** Pulls exact byte counts out of a stream of chunks. */
class Bytes {
  readonly #source: AsyncIterator<Buffer>;
  #buffer: Buffer = Buffer.alloc(0);
  #done = false;

  constructor(source: AsyncIterable<Buffer>) {
    this.#source = source[Symbol.asyncIterator]();
  }

  /** Up to `max` bytes (fewer when the buffer holds fewer), or null at the end. */
  async some(max: number): Promise<Buffer | null> {
    if (this.#buffer.length === 0) {
      if (this.#done) return null;
      const next = await this.#source.next();
      if (next.done) {
        this.#done = true;
        return null;
      }
      this.#buffer = next.value;
    }
    const take = this.#buffer.subarray(0, max);
    this.#buffer = this.#buffer.subarray(take.length);
    return take;
  }

  /** Exactly `n` bytes, or what there was before the end. */
  async exactly(n: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    let have = 0;
    while (have < n) {
      const chunk = await this.some(n - have);
      if (!chunk) break;
      parts.push(chunk);
      have += chunk.length;
    }
    return Buffer.concat(parts, have);
  }
}

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString("utf8");
}

function climbs(name: string): boolean {
  return (
    name.startsWith("/") ||
    name.startsWith("\\") ||
    /^[a-zA-Z]:/.test(name) ||
    name.split(/[/\\]/).some((part) => part === ".." || part === ".")
  );
}

/**
 * The entries of a gzip-compressed tar stream, one at a time. Refuses (400, nothing read further): a
 * stream that is not gzip or not tar, an entry that is not a regular file, a name that climbs out of the
 * archive (`../`, absolute) or that `limits.entryLimit` does not know, an entry over its limit, and an
 * expansion beyond `maxExpandedBytes` or `maxRatio` times the compressed bytes read.
 */
export async function* readTar(compressed: Readable, limits: ReadLimits): AsyncGenerator<TarEntry> {
  let compressedBytes = 0;
  let expandedBytes = 0;
  let first = true;
  const gunzip = createGunzip();
  compressed.on("data", (chunk: Buffer) => {
    if (first) {
      first = false;
      if (chunk.length >= 2 && (chunk[0] !== 0x1f || chunk[1] !== 0x8b)) {
        compressed.destroy();
        gunzip.destroy(refuse("it is not gzip-compressed (a .docket archive is a gzip-compressed tar file)"));
        return;
      }
    }
    compressedBytes += chunk.length;
  });
  compressed.on("error", (error) => gunzip.destroy(error));
  compressed.pipe(gunzip);

  async function* metered(): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of gunzip) {
        expandedBytes += (chunk as Buffer).length;
        if (expandedBytes > limits.maxExpandedBytes) {
          throw refuse(`it expands to more than ${limits.maxExpandedBytes} bytes`);
        }
        if (expandedBytes > 1024 * 1024 && expandedBytes > limits.maxRatio * Math.max(compressedBytes, 1)) {
          throw refuse(
            `it expands more than ${limits.maxRatio} times its compressed size (a compression bomb)`,
          );
        }
        yield chunk as Buffer;
      }
    } catch (error) {
      if ((error as { status?: number }).status === 400) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "Z_DATA_ERROR" || code === "Z_BUF_ERROR" || code === "ERR_STREAM_PREMATURE_CLOSE")
        throw refuse("its compressed data is damaged or cut short");
      throw error;
    } finally {
      compressed.destroy();
      gunzip.destroy();
    }
  }

  const bytes = new Bytes(metered());
  let index = 0;
  for (;;) {
    const header = await bytes.exactly(BLOCK);
    if (header.length === 0 && index === 0) throw refuse("it is empty");
    if (header.length < BLOCK) throw refuse("it ends in the middle of an entry (cut short)");
    if (header.every((b) => b === 0)) return;
    if (field(header, 257, 6) !== "ustar") {
      throw refuse(index === 0 ? "it is not a tar archive" : "an entry header is damaged");
    }
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
    if (Number.parseInt(field(header, 148, 8).trim(), 8) !== sum) throw refuse("an entry header is damaged");
    const prefix = field(header, 345, 155);
    const name = prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100);
    const type = String.fromCharCode(header[156]!);
    if (type !== "0" && type !== "\0") throw refuse(`entry "${name}" is not a regular file`);
    if (climbs(name)) throw refuse(`entry "${name}" names a path outside the archive`);
    const limit = limits.entryLimit(name);
    if (limit === undefined) throw refuse(`entry "${name}" is not part of the archive format`);
    const sizeText = field(header, 124, 12).trim();
    if (!/^[0-7]{1,11}$/.test(sizeText)) throw refuse(`entry "${name}" has a damaged size`);
    const size = Number.parseInt(sizeText, 8);
    if (size > limit) throw refuse(`entry "${name}" has ${size} bytes, over its limit of ${limit}`);

    let left = size;
    const body = (async function* () {
      while (left > 0) {
        const chunk = await bytes.some(left);
        if (!chunk) throw refuse(`entry "${name}" is cut short`);
        left -= chunk.length;
        yield chunk;
      }
    })();
    yield { name, size, body };
    // what the caller did not read is skipped
    while (left > 0) {
      const chunk = await bytes.some(left);
      if (!chunk) throw refuse(`entry "${name}" is cut short`);
      left -= chunk.length;
    }
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad > 0 && (await bytes.exactly(pad)).length < pad) throw refuse("it is cut short");
    index++;
  }
}

import type { Span } from "./tracing.ts";

/**
 * OTLP/HTTP export requests (opentelemetry-proto's ExportTraceServiceRequest), written by hand: as
 * protobuf (`http/protobuf`, OpenTelemetry's default) or as its JSON mapping (`http/json`). Either
 * takes spans as they end and gives one request body for all of them when asked.
 */
export interface OtlpEncoder {
  readonly contentType: string;
  /** spans added since the last `take` */
  readonly count: number;
  add(span: Span): void;
  /** The request carrying every span added since the last take; undefined when there are none. */
  take(): Buffer | string | undefined;
}

type Value = string | number | boolean;

/** Who sends (the resource's attributes) and what records (the instrumentation scope). */
export interface OtlpSource {
  resource: Record<string, Value>;
  scope: { name: string; version: string };
}

const STATUS_ERROR = 2;
/** The attribute a server span's answer is written as, after its route's shared attributes (Span.answered). */
const RESPONSE_STATUS = "http.response.status_code";

/** When performance.now() counts from, in Unix milliseconds (read once: it is a call into the runtime). */
const TIME_ORIGIN = performance.timeOrigin;

/** Microseconds since 1970 of a performance.now() reading: exact in a double (nanoseconds are not). */
function unixMicros(at: number): number {
  return Math.round((TIME_ORIGIN + at) * 1000);
}

// --- JSON -------------------------------------------------------------------------------------------

function jsonValue(value: Value): Record<string, Value> {
  if (typeof value === "string") return { stringValue: value };
  if (typeof value === "boolean") return { boolValue: value };
  return Number.isInteger(value) ? { intValue: value } : { doubleValue: value };
}

function jsonAttributes(attributes: Record<string, Value>): { key: string; value: Record<string, Value> }[] {
  const out = [];
  for (const key in attributes) out.push({ key, value: jsonValue(attributes[key]!) });
  return out;
}

/** Unix nanoseconds as a decimal string (the JSON mapping's form of a fixed64). */
const jsonNanos = (at: number) => `${unixMicros(at)}000`;

/**
 * The JSON mapping: ids in hex, times as decimal strings. Spans are kept until taken and written then,
 * as text; a statement's attributes, shared by all its spans, are written once.
 */
export function jsonEncoder(source: OtlpSource): OtlpEncoder {
  const head = `{"resourceSpans":[{"resource":${JSON.stringify({
    attributes: jsonAttributes(source.resource),
  })},"scopeSpans":[{"scope":${JSON.stringify(source.scope)},"spans":[`;
  const tail = "]}]}]}";
  const sharedJson = new WeakMap<Record<string, Value>, string>();
  let spans: Span[] = [];

  function write(span: Span): string {
    let attributes = span.isShared() ? sharedJson.get(span.attributes) : undefined;
    if (attributes === undefined) {
      attributes = JSON.stringify(jsonAttributes(span.attributes));
      if (span.isShared()) sharedJson.set(span.attributes, attributes);
    }
    if (span.responseStatus !== undefined) {
      const answer = JSON.stringify(jsonAttributes({ [RESPONSE_STATUS]: span.responseStatus })).slice(1, -1);
      attributes = attributes === "[]" ? `[${answer}]` : `${attributes.slice(0, -1)},${answer}]`;
    }
    const exception = span.exception;
    const events = exception
      ? `,"events":${JSON.stringify([
          {
            name: "exception",
            timeUnixNano: jsonNanos(exception.time),
            attributes: jsonAttributes({
              "exception.type": exception.type,
              "exception.message": exception.message,
            }),
          },
        ])}`
      : "";
    const status =
      span.statusCode === STATUS_ERROR
        ? JSON.stringify({
            code: STATUS_ERROR,
            ...(span.statusMessage ? { message: span.statusMessage } : {}),
          })
        : "{}";
    return `{"traceId":"${span.traceId}","spanId":"${span.spanId}"${
      span.parentSpanId ? `,"parentSpanId":"${span.parentSpanId}"` : ""
    },"name":${JSON.stringify(span.name)},"kind":${span.kind},"startTimeUnixNano":"${jsonNanos(span.start)}","endTimeUnixNano":"${jsonNanos(
      span.end_ ?? span.start,
    )}","attributes":${attributes}${events},"status":${status}}`;
  }

  return {
    contentType: "application/json",
    get count() {
      return spans.length;
    },
    add(span) {
      spans.push(span);
    },
    take() {
      if (spans.length === 0) return undefined;
      const batch = spans;
      spans = [];
      let body = head;
      for (let i = 0; i < batch.length; i++) body += i === 0 ? write(batch[i]!) : `,${write(batch[i]!)}`;
      return body + tail;
    },
  };
}

// --- protobuf ---------------------------------------------------------------------------------------

/** A field's key: its number and wire type (0 varint, 1 fixed64, 2 length-delimited). */
const key = (field: number, wire: 0 | 1 | 2) => (field << 3) | wire;
const LEN = 2;

const varintSize = (n: number): number => {
  let size = 1;
  while (n >= 128) {
    n = Math.floor(n / 128);
    size++;
  }
  return size;
};

/** A protobuf message being written; grows as needed. */
class Writer {
  buf: Buffer;
  pos = 0;

  constructor(size: number) {
    this.buf = Buffer.allocUnsafe(size);
  }

  ensure(more: number): void {
    if (this.pos + more <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + more));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  byte(b: number): void {
    this.buf[this.pos++] = b;
  }

  /** A non-negative integer up to 2^53. */
  varint(n: number): void {
    while (n >= 128) {
      this.buf[this.pos++] = (n % 128) | 128;
      n = Math.floor(n / 128);
    }
    this.buf[this.pos++] = n;
  }

  /** Unix nanoseconds of a performance.now() reading, as a little-endian fixed64. */
  nanos(at: number): void {
    const micros = unixMicros(at);
    const high = Math.floor(micros / 2 ** 32);
    const low = (micros - high * 2 ** 32) * 1000;
    const carry = Math.floor(low / 2 ** 32);
    this.wordLE(low - carry * 2 ** 32);
    this.wordLE(high * 1000 + carry);
  }

  /** 32 bits, little-endian (half of a fixed64). */
  wordLE(n: number): void {
    const buf = this.buf;
    buf[this.pos] = n & 255;
    buf[this.pos + 1] = (n >>> 8) & 255;
    buf[this.pos + 2] = (n >>> 16) & 255;
    buf[this.pos + 3] = n >>> 24;
    this.pos += 4;
  }

  utf8(value: string, length: number): void {
    this.buf.write(value, this.pos, length, "utf8");
    this.pos += length;
  }

  raw(bytes: Buffer): void {
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
  }

  /** 32 bits, big-endian (half of an id). */
  word(n: number): void {
    const buf = this.buf;
    buf[this.pos] = n >>> 24;
    buf[this.pos + 1] = (n >>> 16) & 255;
    buf[this.pos + 2] = (n >>> 8) & 255;
    buf[this.pos + 3] = n & 255;
    this.pos += 4;
  }

  done(): Buffer {
    return this.buf.subarray(0, this.pos);
  }
}

/** A length-delimited field holding `body`, as bytes of its own (for the parts written once). */
function field(number: number, body: Buffer): Buffer {
  const w = new Writer(body.length + 6);
  w.byte(key(number, LEN));
  w.varint(body.length);
  w.raw(body);
  return w.done();
}

const text = (number: number, value: string) => field(number, Buffer.from(value, "utf8"));

/** AnyValue: string 1, bool 2, int 3 (varint; negatives as ten bytes), double 4. */
function anyValue(value: Value): Buffer {
  if (typeof value === "string") return text(1, value);
  if (typeof value === "boolean") return Buffer.from([key(2, 0), value ? 1 : 0]);
  if (Number.isInteger(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER) {
    const w = new Writer(11);
    w.byte(key(3, 0));
    if (value >= 0) w.varint(value);
    else {
      let n = BigInt.asUintN(64, BigInt(value));
      while (n >= 128n) {
        w.byte(Number(n & 127n) | 128);
        n >>= 7n;
      }
      w.byte(Number(n));
    }
    return w.done();
  }
  const out = Buffer.allocUnsafe(9);
  out[0] = key(4, 1);
  out.writeDoubleLE(value, 1);
  return out;
}

/** Attributes as repeated KeyValue fields numbered `number` (key 1, value 2), as bytes of their own. */
function keyValues(number: number, attributes: Record<string, Value>): Buffer {
  const w = new Writer(attributesSize(attributes));
  writeAttributes(w, number, attributes);
  return w.done();
}

/** Attribute keys are few: each one's key field (1) is made once. */
const keyFields = new Map<string, Buffer>();
function keyField(name: string): Buffer {
  let bytes = keyFields.get(name);
  if (!bytes) {
    bytes = text(1, name);
    if (keyFields.size < 1000) keyFields.set(name, bytes);
  }
  return bytes;
}

/** A value's AnyValue body: its size, with a plain string's or a small whole number's worked out inline. */
function valueSize(value: Value): number {
  if (typeof value === "string") {
    const length = Buffer.byteLength(value);
    return 1 + varintSize(length) + length;
  }
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return 1 + varintSize(value);
  return anyValue(value).length;
}

/** One KeyValue's body size (key field, then the value field around its AnyValue). */
function keyValueSize(name: string, value: Value): number {
  const v = valueSize(value);
  return keyField(name).length + 1 + varintSize(v) + v;
}

/** One attribute's whole KeyValue field: its key, length and body. */
function keyValueFieldSize(name: string, value: Value): number {
  const body = keyValueSize(name, value);
  return 1 + varintSize(body) + body;
}

function attributesSize(attributes: Record<string, Value>): number {
  let size = 0;
  for (const k in attributes) size += keyValueFieldSize(k, attributes[k]!);
  return size;
}

/**
 * Writes attributes as repeated KeyValue fields numbered `number` straight into `w` (which has room:
 * attributesSize), so a span's own attributes cost no buffers of their own.
 */
function writeAttributes(w: Writer, number: number, attributes: Record<string, Value>): void {
  for (const k in attributes) writeKeyValue(w, number, k, attributes[k]!);
}

/** One attribute as a KeyValue field numbered `number`, straight into `w` (which has room: keyValueFieldSize). */
function writeKeyValue(w: Writer, number: number, k: string, value: Value): void {
  const name = keyField(k);
  if (typeof value === "string") {
    const length = Buffer.byteLength(value);
    const v = 1 + varintSize(length) + length;
    w.byte(key(number, LEN));
    w.varint(name.length + 1 + varintSize(v) + v);
    w.raw(name);
    w.byte(key(2, LEN));
    w.varint(v);
    w.byte(key(1, LEN));
    w.varint(length);
    w.utf8(value, length);
  } else if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) {
    const v = 1 + varintSize(value);
    w.byte(key(number, LEN));
    w.varint(name.length + 1 + varintSize(v) + v);
    w.raw(name);
    w.byte(key(2, LEN));
    w.varint(v);
    w.byte(key(3, 0));
    w.varint(value);
  } else {
    const bytes = anyValue(value);
    w.byte(key(number, LEN));
    w.varint(name.length + 1 + varintSize(bytes.length) + bytes.length);
    w.raw(name);
    w.byte(key(2, LEN));
    w.varint(bytes.length);
    w.raw(bytes);
  }
}

/** Span's field numbers (opentelemetry-proto trace.proto) */
const SPAN = {
  traceId: 1,
  spanId: 2,
  parentSpanId: 4,
  name: 5,
  kind: 6,
  start: 7,
  end: 8,
  attributes: 9,
  events: 11,
  status: 15,
} as const;
const SPANS_IN_SCOPE = 2;

/**
 * Spans kept as they end before they are written, in one pass, into the batch's buffer. Written one at
 * a time between requests, a span cost about four times what it costs in a pass, where the encoder's
 * code and data stay in the processor's caches. 256 spans are a few hundredths of a second of a busy
 * instance's work, so few are still held when the young generation is collected.
 */
const ENCODE_EVERY = 256;

/**
 * Protobuf: spans are written into the batch's buffer 256 at a time (ENCODE_EVERY), so nothing of them
 * is kept long but their bytes (about 200 a statement, against 550 as JSON). The name and attributes a
 * statement's or a route's spans share are encoded once and copied after; ids are written from their
 * 32-bit words, with no hex.
 */
export function protobufEncoder(source: OtlpSource): OtlpEncoder {
  const resource = field(1, keyValues(1, source.resource));
  const scope = field(1, Buffer.concat([text(1, source.scope.name), text(2, source.scope.version)]));
  const names = new Map<string, Buffer>();
  /** the name and attributes that spans share (a statement's, a route's), encoded once */
  const sharedParts = new WeakMap<Record<string, Value>, { name: Buffer; attributes: Buffer }>();
  let lastTrace = "";
  const traceBytes = Buffer.alloc(16);
  /** a caller's span id (the parent of a request's span), kept from the last span that had one */
  let lastCaller = "";
  const callerBytes = Buffer.alloc(8);
  const spans = new Writer(256 * 1024);
  let count = 0;
  /** spans ended and not yet written */
  let pending: Span[] = [];

  const nameOf = (name: string): Buffer => {
    let bytes = names.get(name);
    if (!bytes) {
      bytes = text(SPAN.name, name);
      if (names.size >= 5000) names.clear();
      names.set(name, bytes);
    }
    return bytes;
  };

  /** Writes one ended span into the batch's buffer. */
  function encode(span: Span): void {
    // the name and attributes a statement's or a route's spans share are encoded once; a span's own
    // attributes are written in place
    let name: Buffer;
    let shared: Buffer | undefined;
    if (span.isShared()) {
      let described = sharedParts.get(span.attributes);
      if (!described) {
        described = {
          name: text(SPAN.name, span.name),
          attributes: keyValues(SPAN.attributes, span.attributes),
        };
        sharedParts.set(span.attributes, described);
      }
      name = described.name;
      shared = described.attributes;
    } else name = nameOf(span.name);
    const attributes = shared?.length ?? attributesSize(span.attributes);
    const answered = span.responseStatus;
    const answer = answered === undefined ? 0 : keyValueFieldSize(RESPONSE_STATUS, answered);
    // a request's spans share its trace id: its bytes are kept from the last span
    if (span.traceId !== lastTrace) {
      lastTrace = span.traceId;
      traceBytes.write(span.traceId, 0, 16, "hex");
    }
    const parent = span.parent;
    if (typeof parent === "string" && parent !== lastCaller) {
      lastCaller = parent;
      callerBytes.write(parent, 0, 8, "hex");
    }
    const exception = span.exception;
    const events = exception
      ? field(
          SPAN.events,
          Buffer.concat([
            fixed64Field(1, exception.time),
            text(2, "exception"),
            keyValues(3, { "exception.type": exception.type, "exception.message": exception.message }),
          ]),
        )
      : undefined;
    const status =
      span.statusCode === STATUS_ERROR
        ? field(
            SPAN.status,
            Buffer.concat([
              ...(span.statusMessage ? [text(2, span.statusMessage)] : []),
              Buffer.from([key(3, 0), STATUS_ERROR]),
            ]),
          )
        : undefined;
    const size =
      18 + // trace id: key, length, 16 bytes
      10 + // span id
      (parent === undefined ? 0 : 10) +
      name.length +
      2 + // kind
      18 + // start and end
      attributes +
      answer +
      (events?.length ?? 0) +
      (status?.length ?? 0);
    spans.ensure(size + 6);
    spans.byte(key(SPANS_IN_SCOPE, LEN));
    spans.varint(size);
    spans.byte(key(SPAN.traceId, LEN));
    spans.byte(16);
    spans.raw(traceBytes);
    spans.byte(key(SPAN.spanId, LEN));
    spans.byte(8);
    spans.word(span.idHigh);
    spans.word(span.idLow);
    if (parent !== undefined) {
      spans.byte(key(SPAN.parentSpanId, LEN));
      spans.byte(8);
      if (typeof parent === "string") spans.raw(callerBytes);
      else {
        spans.word(parent.idHigh);
        spans.word(parent.idLow);
      }
    }
    spans.raw(name);
    spans.byte(key(SPAN.kind, 0));
    spans.byte(span.kind);
    spans.byte(key(SPAN.start, 1));
    spans.nanos(span.start);
    spans.byte(key(SPAN.end, 1));
    spans.nanos(span.end_ ?? span.start);
    if (shared) spans.raw(shared);
    else writeAttributes(spans, SPAN.attributes, span.attributes);
    if (answered !== undefined) writeKeyValue(spans, SPAN.attributes, RESPONSE_STATUS, answered);
    if (events) spans.raw(events);
    if (status) spans.raw(status);
    count++;
  }

  /** Writes the spans kept since the last pass, in one pass (see ENCODE_EVERY). */
  function encodePending(): void {
    const batch = pending;
    pending = [];
    for (let i = 0; i < batch.length; i++) encode(batch[i]!);
  }

  return {
    contentType: "application/x-protobuf",
    get count() {
      return count + pending.length;
    },
    add(span) {
      pending.push(span);
      if (pending.length >= ENCODE_EVERY) encodePending();
    },
    take() {
      if (pending.length > 0) encodePending();
      if (count === 0) return undefined;
      const scopeSpans = scope.length + spans.pos;
      const resourceSpans = resource.length + 1 + varintSize(scopeSpans) + scopeSpans;
      const head = new Writer(32 + resource.length + scope.length);
      head.byte(key(1, LEN)); // ExportTraceServiceRequest.resource_spans
      head.varint(resourceSpans);
      head.raw(resource); // ResourceSpans.resource
      head.byte(key(2, LEN)); // ResourceSpans.scope_spans
      head.varint(scopeSpans);
      head.raw(scope); // ScopeSpans.scope, then its spans
      const body = Buffer.concat([head.done(), spans.done()]);
      spans.pos = 0;
      count = 0;
      return body;
    },
  };
}

function fixed64Field(number: number, at: number): Buffer {
  const w = new Writer(9);
  w.byte(key(number, 1));
  w.nanos(at);
  return w.done();
}

// navcore.wasm loaded: its instance, the calls into it, and the way its C callbacks come back.
//
// The module imports two functions (bindings/js/wasm/imports.txt): navcore.monotonic_ms, the
// clock of the bounded drains, and navcore.dispatch, through which every C callback arrives. C
// callbacks are registered with the module's own trampolines (bindings/js/wasm/callbacks.c) and
// a ctx that is a key of `Library.callbacks`, a Map to the JavaScript handler; the trampoline of
// a registration's destructor removes the key. So each registration's JavaScript side lives
// exactly as long as C can call it.
//
// A JavaScript exception must never unwind through WebAssembly frames (the engine would be left
// in the middle of a call): each handler runs inside `dispatch`'s try, and what it throws is
// kept and thrown again by the outermost binding call once the module has returned (`call`),
// as the Python binding does (docs/js.md, "Callbacks that throw").

import { STATUS, nameOf } from "./enums.js";
import { errorFor } from "./errors.js";
import { Arena, Memory } from "./memory.js";

/** The oldest library this binding works with: 1.1 added the bounded drains and observers. */
const REQUIRED = { major: 1, minor: 1 };

/**
 * A C callback's JavaScript side: called with the callback's kind ("done", "appearance", …,
 * "destroy" when C lets go of the registration) and the trampoline's arguments
 * (bindings/js/wasm/callbacks.c); its return value matters to the factory and the veto only.
 * @typedef {(kind: string, screen: number, object: number, a: number, b: number, c: number,
 *   wide: bigint, number: number) => number | void} Handler
 */

/** navcore.wasm could not be loaded; the message names each place tried and why it failed. */
export class LibraryNotFound extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "LibraryNotFound";
  }
}

/** One instance of navcore.wasm. */
export class Library {
  /** @param {WebAssembly.Instance} instance */
  constructor(instance) {
    /** @type {Record<string, any>} the module's exports: the C interface, malloc and free */
    this.c = instance.exports;
    this.memory = new Memory(this.c.memory, this.c.malloc, this.c.free);
    /** @type {Map<number, Handler>} the live registrations' handlers, by ctx */
    this.callbacks = new Map();
    this.nextContext = 1;
    /** @type {string[]} the callback kinds, by the number dispatch receives */
    this.kinds = [];
    /** @type {Map<string, number>} each kind's trampoline (a function pointer) */
    this.trampolines = new Map();
    for (let kind = 0; ; kind++) {
      const name = this.memory.text(this.c.navcore_js_callback_name(kind));
      if (name === null) break;
      this.kinds.push(name);
      this.trampolines.set(name, this.c.navcore_js_callback(kind));
    }
    /** Where queries write their out-parameters (no query calls back, so one is enough). */
    this.out = this.c.malloc(16);
    /** @type {string} the library's version, "MAJOR.MINOR.PATCH" */
    this.version = /** @type {string} */ (this.memory.text(this.c.navcore_version()));
    this.depth = 0;
    /** @type {unknown[]} what callbacks threw during the binding call in progress */
    this.errors = [];
  }

  /** @returns {number} bytes of the allocator's blocks in use now (flat when nothing leaks) */
  liveBytes() { return this.c.navcore_runtime_live_bytes() >>> 0; }

  /** @returns {number} bytes the allocator took from the memory so far */
  heapBytes() { return this.c.navcore_runtime_heap_bytes() >>> 0; }

  /** @returns {number} the size of the module's memory */
  memoryBytes() { return this.c.memory.buffer.byteLength; }

  /**
   * The function pointer of a callback kind's trampoline.
   * @param {string} kind
   * @returns {number}
   */
  trampoline(kind) {
    const pointer = this.trampolines.get(kind);
    if (pointer === undefined) throw new Error(`navcore.wasm has no trampoline for ${kind} callbacks`);
    return pointer;
  }

  /**
   * A new registration's ctx, its handler kept until `forget`.
   * @param {Handler} handler
   * @returns {number}
   */
  register(handler) {
    while (this.callbacks.has(this.nextContext) || this.nextContext === 0) {
      this.nextContext = (this.nextContext + 1) % 0x80000000;
    }
    const ctx = this.nextContext;
    this.nextContext = (ctx + 1) % 0x80000000;
    this.callbacks.set(ctx, handler);
    return ctx;
  }

  /** @param {number} ctx */
  forget(ctx) { this.callbacks.delete(ctx); }

  /**
   * A binding call: `body(arena)` with the arena of its temporaries, freed after it. What
   * callbacks throw during it (and during every binding call nested in it) is thrown when the
   * outermost one returns: the one error, or an AggregateError of several.
   * @template T
   * @param {(arena: Arena) => T} body
   * @returns {T}
   */
  call(body) {
    const arena = new Arena(this.memory);
    this.depth++;
    try {
      return body(arena);
    } finally {
      arena.release();
      this.depth--;
      if (this.depth === 0 && this.errors.length > 0) throw this.takeErrors();
    }
  }

  /** @returns {unknown} the error to throw for what callbacks threw (and forgets them) */
  takeErrors() {
    const errors = this.errors;
    this.errors = [];
    return errors.length === 1 ? errors[0] : new AggregateError(errors, `${errors.length} navcore callbacks threw`);
  }

  /**
   * Keeps what a callback threw for the binding call in progress.
   * @param {unknown} error
   */
  stash(error) {
    if (this.depth > 0) {
      this.errors.push(error);
    } else {
      queueMicrotask(() => { throw error; }); // no call to receive it: report it as uncaught
    }
  }

  /**
   * A status, or its error thrown (with the library's message).
   * @param {number} status
   * @returns {number}
   */
  check(status) {
    if (status < 0) {
      throw errorFor(nameOf(STATUS, status), this.memory.text(this.c.navcore_last_error_message()) ?? "");
    }
    return status;
  }

  /**
   * Text a query returns through a `char **` (the caller's copy), freed with navcore_free.
   * @param {(out: number) => number} query the C call, given the out-parameter
   * @returns {string | null}
   */
  takeText(query) {
    this.memory.view.setUint32(this.out, 0, true);
    this.check(query(this.out));
    const pointer = this.memory.view.getUint32(this.out, true);
    try {
      return this.memory.text(pointer);
    } finally {
      this.c.navcore_free(pointer);
    }
  }

  /**
   * The import navcore.dispatch: a C callback arrived through its trampoline.
   * @param {number} kind @param {number} ctx @param {bigint} screen @param {number} object
   * @param {number} a @param {number} b @param {number} c @param {bigint} wide @param {number} number
   * @returns {number}
   */
  dispatch(kind, ctx, screen, object, a, b, c, wide, number) {
    const handler = this.callbacks.get(ctx);
    const name = this.kinds[kind];
    if (name === "destroy") this.callbacks.delete(ctx);
    if (handler === undefined) return 0;
    try {
      return handler(name, Number(screen), object, a, b, c, wide, number) ?? 0;
    } catch (error) {
      this.stash(error);
      return -1; // a factory's failure, a veto's refusal; ignored by the others
    }
  }
}

/** @type {Promise<Library> | null} */
let loading = null;
/** @type {Library | null} */
let loaded = null;

/**
 * Loads navcore.wasm, once: later calls return the same library, whatever they pass.
 *
 * `source` is where the module is: a URL or a path (Node), a Response, the bytes, or a compiled
 * WebAssembly.Module. Without one: in Node, $NAVCORE_WASM, then navcore.wasm beside this
 * module's directory (the layout of `make wasm`'s build/wasm), then a checkout's
 * build/wasm/navcore.wasm; in a page, navcore.wasm beside navcore.js.
 * @param {string | URL | Response | BufferSource | WebAssembly.Module} [source]
 * @returns {Promise<Library>}
 */
export function load(source) {
  loading ??= instantiate(source).then(
    (library) => (loaded = library),
    (error) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The loaded library; an Error when load() has not finished.
 * @returns {Library}
 */
export function library() {
  if (loaded === null) throw new Error("navcore is not loaded: `await load()` first");
  return loaded;
}

/**
 * @param {string | URL | Response | BufferSource | WebAssembly.Module | undefined} source
 * @returns {Promise<Library>}
 */
async function instantiate(source) {
  /** @type {Library | null} */
  let made = null;
  const imports = {
    navcore: {
      /** @type {Library["dispatch"]} */
      dispatch: (kind, ctx, screen, object, a, b, c, wide, number) =>
        /** @type {Library} */ (made).dispatch(kind, ctx, screen, object, a, b, c, wide, number),
      monotonic_ms: () => performance.now(),
    },
  };
  const module = await compile(source);
  const instance = await WebAssembly.instantiate(module, imports);
  made = new Library(instance);
  const number = made.c.navcore_version_number();
  const [major, minor] = [Math.floor(number / 10000), Math.floor(number / 100) % 100];
  if (major !== REQUIRED.major || minor < REQUIRED.minor) {
    const needed = `${REQUIRED.major}.${REQUIRED.minor}`;
    throw new LibraryNotFound(`navcore.wasm is version ${made.version}; this binding needs ${needed} or a later 1.x`);
  }
  return made;
}

/**
 * @param {string | URL | Response | BufferSource | WebAssembly.Module | undefined} source
 * @returns {Promise<WebAssembly.Module>}
 */
async function compile(source) {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.compile(source);
  if (source !== undefined && typeof source !== "string" && !(source instanceof URL)) {
    return WebAssembly.compile(await source.arrayBuffer()); // a Response
  }
  const candidates = source !== undefined ? [source] : defaultLocations();
  const tried = [];
  for (const candidate of candidates) {
    try {
      return await WebAssembly.compile(await readBytes(candidate));
    } catch (error) {
      tried.push(`${candidate}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const places = tried.join("\n  ");
  throw new LibraryNotFound(
    `navcore.wasm was not found or did not compile (build it with \`make wasm\`):\n  ${places}`);
}

/** @returns {Array<string | URL>} where load() looks without a source */
function defaultLocations() {
  const beside = new URL("../navcore.wasm", import.meta.url);
  const node = nodeProcess();
  if (node === null) return [beside];
  const fromEnvironment = node.env.NAVCORE_WASM;
  const checkout = new URL("../../../build/wasm/navcore.wasm", import.meta.url);
  return [...(fromEnvironment ? [fromEnvironment] : []), beside, checkout];
}

/** @returns {{ env: Record<string, string | undefined> } | null} Node's `process`, or null elsewhere */
function nodeProcess() {
  const process = /** @type {{ process?: { env: Record<string, string | undefined>, versions?: { node?: string } } }} */
    (globalThis).process;
  return process?.versions?.node ? process : null;
}

/**
 * @param {string | URL} location
 * @returns {Promise<ArrayBuffer | Uint8Array>}
 */
async function readBytes(location) {
  let url = location instanceof URL ? location : null;
  try {
    url ??= new URL(location);
  } catch {
    url = null; // a path
  }
  if (nodeProcess() !== null && (url === null || url.protocol === "file:")) {
    // The specifier is a variable, so that bundlers and type checkers for the web leave it alone.
    const fs = "node:fs/promises";
    /** @type {{ readFile(path: string | URL): Promise<Uint8Array> }} */
    const { readFile } = await import(fs);
    return readFile(url ?? location);
  }
  const response = await fetch(location);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.arrayBuffer();
}

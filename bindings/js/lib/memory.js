// Values across the WebAssembly boundary: text in and out of the module's memory (UTF-8,
// SPEC §15), the structs the C interface passes by pointer, at their wasm32 offsets (checked by
// _Static_assert in bindings/js/wasm/callbacks.c), and the temporaries of one call.

import { InvalidError, NoMemoryError } from "./errors.js";

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

/**
 * The memory of a module instance, read through views that follow its growth (memory.grow
 * detaches the old buffer).
 */
export class Memory {
  /**
   * @param {WebAssembly.Memory} memory
   * @param {(count: number) => number} malloc the module's malloc
   * @param {(pointer: number) => void} free the module's free
   */
  constructor(memory, malloc, free) {
    this.memory = memory;
    this.malloc = malloc;
    this.free = free;
    /** @type {DataView} */
    this.viewCache = new DataView(memory.buffer);
    /** @type {Uint8Array} */
    this.bytesCache = new Uint8Array(memory.buffer);
  }

  /** @returns {DataView} a view of the whole memory as it is now */
  get view() {
    if (this.viewCache.buffer !== this.memory.buffer) this.refresh();
    return this.viewCache;
  }

  /** @returns {Uint8Array} the bytes of the whole memory as it is now */
  get bytes() {
    if (this.bytesCache.buffer !== this.memory.buffer) this.refresh();
    return this.bytesCache;
  }

  refresh() {
    this.viewCache = new DataView(this.memory.buffer);
    this.bytesCache = new Uint8Array(this.memory.buffer);
  }

  /**
   * The NUL-terminated UTF-8 text at `pointer` (null for NULL), copied out.
   * @param {number} pointer
   * @returns {string | null}
   */
  text(pointer) {
    if (!pointer) return null;
    const bytes = this.bytes;
    const end = bytes.indexOf(0, pointer);
    return decoder.decode(bytes.subarray(pointer, end));
  }

  /**
   * Reads a screen id (a uint64_t) as a number: ids grow by one per screen from 1, so they stay
   * far below 2^53.
   * @param {number} pointer
   * @returns {number}
   */
  id(pointer) {
    return Number(this.view.getBigUint64(pointer, true));
  }
}

/**
 * The temporaries of one call into the module (text, structs, out-parameters), freed together
 * when the call is over.
 */
export class Arena {
  /** @param {Memory} memory */
  constructor(memory) {
    this.memory = memory;
    /** @type {number[]} */
    this.blocks = [];
  }

  /**
   * `count` bytes of module memory, zeroed; a NoMemoryError when it cannot grow.
   * @param {number} count
   * @returns {number} the address
   */
  allocate(count) {
    const pointer = this.memory.malloc(count);
    if (!pointer) throw new NoMemoryError("the WebAssembly memory cannot grow");
    this.blocks.push(pointer);
    this.memory.bytes.fill(0, pointer, pointer + count);
    return pointer;
  }

  /**
   * Text as NUL-terminated UTF-8 in module memory; null gives NULL. Text that C cannot carry
   * (a NUL character, a lone surrogate) is an InvalidError, after `live()`, which throws first
   * when the navigator the text was meant for is closed (a call checks its handle before its
   * arguments, SPEC §2).
   * @param {string | null} value
   * @param {string} what the argument, for messages ("the route")
   * @param {() => void} [live]
   * @returns {number}
   */
  text(value, what, live) {
    if (value === null) return 0;
    const encoded = encodedText(value, what, live);
    const pointer = this.allocate(encoded.length + 1);
    this.memory.bytes.set(encoded, pointer);
    return pointer;
  }

  /**
   * A uint64_t array of screen ids.
   * @param {number[]} ids
   * @returns {number}
   */
  ids(ids) {
    const pointer = this.allocate(8 * Math.max(1, ids.length));
    const view = this.memory.view;
    ids.forEach((id, index) => view.setBigUint64(pointer + 8 * index, BigInt(id), true));
    return pointer;
  }

  /**
   * A navcore_show_options of version 1 (16 bytes: version, animated, remove_current, recycle,
   * payload).
   * @param {{ animated: boolean, removeCurrent: boolean, recycle: number, payload: number }} options
   * @returns {number}
   */
  showOptions({ animated, removeCurrent, recycle, payload }) {
    const pointer = this.allocate(16);
    const view = this.memory.view;
    view.setUint32(pointer, 1, true);
    view.setUint8(pointer + 4, animated ? 1 : 0);
    view.setUint8(pointer + 5, removeCurrent ? 1 : 0);
    view.setInt32(pointer + 8, recycle, true);
    view.setUint32(pointer + 12, payload, true);
    return pointer;
  }

  /**
   * A navcore_open_options of version 1 (8 bytes: version, animated, focus).
   * @param {{ animated: boolean, focus: boolean }} options
   * @returns {number}
   */
  openOptions({ animated, focus }) {
    const pointer = this.allocate(8);
    const view = this.memory.view;
    view.setUint32(pointer, 1, true);
    view.setUint8(pointer + 4, animated ? 1 : 0);
    view.setUint8(pointer + 5, focus ? 1 : 0);
    return pointer;
  }

  /**
   * An array of navcore_route_entry (8 bytes each: route, state).
   * @param {Array<[number, number]>} entries the route's and the state's addresses
   * @returns {number}
   */
  routeEntries(entries) {
    const pointer = this.allocate(8 * Math.max(1, entries.length));
    const view = this.memory.view;
    entries.forEach(([route, state], index) => {
      view.setUint32(pointer + 8 * index, route, true);
      view.setUint32(pointer + 8 * index + 4, state, true);
    });
    return pointer;
  }

  /** Frees every temporary. */
  release() {
    for (const pointer of this.blocks) this.memory.free(pointer);
    this.blocks.length = 0;
  }
}

/**
 * The UTF-8 bytes of `value`, or the error of text C cannot carry (see Arena.text).
 * @param {unknown} value
 * @param {string} what
 * @param {() => void} [live]
 * @returns {Uint8Array}
 */
function encodedText(value, what, live) {
  if (typeof value !== "string") {
    throw new TypeError(`${what} must be a string, not ${value === null ? "null" : typeof value}`);
  }
  if (value.includes("\0")) {
    live?.();
    throw new InvalidError(`${what} contains a NUL character`);
  }
  if (!isWellFormed(value)) {
    live?.();
    throw new InvalidError(`${what} is not valid Unicode text (a lone surrogate)`);
  }
  return encoder.encode(value);
}

/**
 * Whether `text` has no lone surrogate: String.prototype.isWellFormed (ES2024) where the engine
 * has it, else the same test by regular expressions.
 * @param {string} text
 * @returns {boolean}
 */
function isWellFormed(text) {
  const native = /** @type {{ isWellFormed?: () => boolean }} */ (/** @type {unknown} */ (text)).isWellFormed;
  if (native) return native.call(text);
  return !/[\ud800-\udfff]/.test(text.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ""));
}

/**
 * A navcore_transition at `pointer`.
 * @param {Memory} memory
 * @param {number} pointer
 * @returns {{ id: number, style: number, from: number, to: number, interactive: boolean, fromNavigator: number,
 *   toNavigator: number }} `fromNavigator` and `toNavigator` (since 1.1): the handles whose tops `from` and `to` are
 */
export function readTransition(memory, pointer) {
  const view = memory.view;
  return {
    id: memory.id(pointer),
    style: view.getInt32(pointer + 8, true),
    from: memory.id(pointer + 16),
    to: memory.id(pointer + 24),
    interactive: view.getUint8(pointer + 40) !== 0,
    fromNavigator: view.getUint32(pointer + 44, true),
    toNavigator: view.getUint32(pointer + 48, true),
  };
}

/**
 * A navcore_action_event at `pointer`.
 * @param {Memory} memory
 * @param {number} pointer
 * @returns {{ state: number, appearing: number, disappearing: number[], animated: boolean }}
 */
export function readActionEvent(memory, pointer) {
  const view = memory.view;
  const list = view.getUint32(pointer + 16, true);
  const count = view.getUint32(pointer + 20, true);
  const disappearing = [];
  for (let index = 0; index < count; index++) disappearing.push(memory.id(list + 8 * index));
  return {
    state: view.getInt32(pointer, true),
    appearing: memory.id(pointer + 8),
    disappearing,
    animated: view.getUint8(pointer + 24) !== 0,
  };
}

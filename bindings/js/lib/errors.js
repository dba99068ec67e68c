// The errors of navcore calls: one class per error status (SPEC §10), each with the status's
// spec name, its C value and the library's message, as the Python binding's exceptions.

import { STATUS } from "./enums.js";

/** A navcore call failed and changed nothing. */
export class NavcoreError extends Error {
  /**
   * @param {string} message the library's explanation
   * @param {string} [status] the status's spec name ("invalid", "busy", …)
   */
  constructor(message, status = "internal") {
    super(message);
    this.name = new.target.name;
    /** @type {string} the status's spec name */
    this.status = status;
    /** @type {number} the status's C value */
    this.code = /** @type {Record<string, number>} */ (STATUS)[status] ?? STATUS.internal;
  }
}

/** `invalid`: a bad argument (out of range, text that is not valid Unicode or holds a NUL). */
export class InvalidError extends NavcoreError {
  /** @param {string} message */
  constructor(message) { super(message, "invalid"); }
}

/** `invalid_handle`: the navigator is closed. */
export class InvalidHandleError extends NavcoreError {
  /** @param {string} message */
  constructor(message) { super(message, "invalid_handle"); }
}

/** `no_such_screen`: the screen is released, or another navigator's. */
export class NoSuchScreenError extends NavcoreError {
  /** @param {string} message */
  constructor(message) { super(message, "no_such_screen"); }
}

/** `busy`: the gesture, while an op runs or waits. */
export class BusyError extends NavcoreError {
  /** @param {string} message */
  constructor(message) { super(message, "busy"); }
}

/** `state`: not now (no such transition, a screen in the stack, a decision answered…). */
export class StateError extends NavcoreError {
  /** @param {string} message */
  constructor(message) { super(message, "state"); }
}

/** `exists`: the route is registered already. */
export class ExistsError extends NavcoreError {
  /** @param {string} message */
  constructor(message) { super(message, "exists"); }
}

/** `no_memory`: the WebAssembly memory could not grow. */
export class NoMemoryError extends NavcoreError {
  /** @param {string} message */
  constructor(message) { super(message, "no_memory"); }
}

/** `internal`: a bug in navcore. */
export class InternalError extends NavcoreError {
  /** @param {string} message */
  constructor(message) { super(message, "internal"); }
}

/** Thrown by a route factory to fail its show or open quietly (`factory_failed`). */
export class FactoryFailed extends Error {
  /** @param {string} [message] */
  constructor(message = "the factory made no screen") {
    super(message);
    this.name = "FactoryFailed";
  }
}

const CLASSES = {
  invalid: InvalidError,
  invalid_handle: InvalidHandleError,
  no_such_screen: NoSuchScreenError,
  busy: BusyError,
  state: StateError,
  exists: ExistsError,
  no_memory: NoMemoryError,
  internal: InternalError,
};

/**
 * The error of a failed call.
 * @param {string} status the status's spec name
 * @param {string} message
 * @returns {NavcoreError}
 */
export function errorFor(status, message) {
  const Class = CLASSES[/** @type {keyof typeof CLASSES} */ (status)] ?? InternalError;
  return new Class(message);
}

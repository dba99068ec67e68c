// navcore for JavaScript: the navigation-stack core compiled to WebAssembly (navcore.wasm, from
// `make wasm`), driven through its C interface. A plain ES module, for Node and for pages served
// by any static server; docs/js.md is the guide, navcore.d.ts the types.
//
//   import { load, Navigator } from "./navcore.js";
//   await load();                      // navcore.wasm beside this file (or pass its URL, path or bytes)
//   const nav = new Navigator();
//   await nav.push(nav.createScreen("home"));

export { load, LibraryNotFound } from "./lib/library.js";
export { Navigator, EVENT_KINDS, LATER } from "./lib/navigator.js";
export { Operation, ScreenResult } from "./lib/operation.js";
export { Screen, Transition, Decision } from "./lib/screen.js";
export {
  NavcoreError, InvalidError, InvalidHandleError, NoSuchScreenError, BusyError, StateError, ExistsError,
  NoMemoryError, InternalError, FactoryFailed,
} from "./lib/errors.js";

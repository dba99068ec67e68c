// Loading navcore.wasm: once per page or process, from where the caller says, and a clear error
// naming where it looked when it cannot.

import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

import { load } from "../navcore.js";
import { lib } from "./support.js";

const MODULE = new URL("../navcore.js", import.meta.url).href;

/**
 * Runs `code` in a fresh Node process (a fresh module: nothing loaded yet) and returns its output.
 * @param {string} code
 * @param {Record<string, string>} [env]
 */
function fresh(code, env = {}) {
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", code], {
    encoding: "utf-8", env: { ...process.env, ...env },
  });
  return (result.stdout + result.stderr).trim();
}

describe("loading", () => {
  it("load() gives the same library every time", async () => {
    assert.equal(await load(), lib);
    assert.equal(await load("/anything/else.wasm"), lib);
    assert.match(lib.version, /^1\.\d+\.\d+$/);
  });

  it("imports only the dispatch function and the clock", () => {
    const module = new WebAssembly.Module(readFileSync(new URL("../../../build/wasm/navcore.wasm", import.meta.url)));
    assert.deepEqual(WebAssembly.Module.imports(module).map((i) => `${i.module}.${i.name}`).sort(),
      ["navcore.dispatch", "navcore.monotonic_ms"]);
  });

  it("takes the module as bytes, and names each place it tried when it fails", () => {
    const wasm = new URL("../../../build/wasm/navcore.wasm", import.meta.url).pathname;
    assert.equal(fresh(`import { load } from ${JSON.stringify(MODULE)};
      import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
      const lib = await load(readFileSync(${JSON.stringify(wasm)}));
      console.log(lib.version);`), lib.version);
    const output = fresh(`import { load } from ${JSON.stringify(MODULE)};
      try { await load("/no/such/navcore.wasm"); } catch (error) { console.log(error.name, error.message); }`);
    assert.match(output, /^LibraryNotFound navcore.wasm was not found/);
    assert.match(output, /\/no\/such\/navcore.wasm: ENOENT/);
    assert.equal(fresh(`import { Navigator } from ${JSON.stringify(MODULE)};
      try { new Navigator(); } catch (error) { console.log(error.message); }`),
    "navcore is not loaded: `await load()` first");
  });

  it("fetches the module from a URL, as a page does from a static server", async () => {
    const wasm = readFileSync(new URL("../../../build/wasm/navcore.wasm", import.meta.url));
    const server = createServer((request, response) => {
      if (request.url === "/app/navcore.wasm") {
        response.writeHead(200, { "content-type": "application/wasm" }).end(wasm);
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(null)));
    const port = /** @type {import("node:net").AddressInfo} */ (server.address()).port;
    const code = `import { load } from ${JSON.stringify(MODULE)};
      for (const path of ["/app/missing.wasm", "/app/navcore.wasm"]) { // a failed load() may be tried again
        try {
          console.log((await load("http://127.0.0.1:${port}" + path)).version);
        } catch (error) {
          console.log(error.message);
        }
      }`;
    // The server runs in this process, so the child must not block it: spawn, not spawnSync.
    const child = spawn(process.execPath, ["--input-type=module", "-e", code]);
    let output = "";
    child.stdout.on("data", (chunk) => { output += chunk; });
    await new Promise((resolve) => child.on("close", resolve));
    server.close();
    const lines = output.trim().split("\n");
    assert.match(lines[0], /navcore.wasm was not found or did not compile/);
    assert.match(lines[1], new RegExp(`http://127.0.0.1:${port}/app/missing.wasm: HTTP 404`));
    assert.equal(lines[2], lib.version);
  });

  it("looks in $NAVCORE_WASM, then beside the module, then in a checkout's build/wasm", () => {
    // A copy of the binding outside the checkout, without navcore.wasm beside it.
    const copy = mkdtempSync(join(tmpdir(), "navcore-js-"));
    cpSync(new URL("../lib", import.meta.url), join(copy, "lib"), { recursive: true });
    cpSync(new URL("../navcore.js", import.meta.url), join(copy, "navcore.js"));
    const code = `import { load } from ${JSON.stringify(pathToFileURL(join(copy, "navcore.js")).href)};
      try { console.log((await load()).version); } catch (error) { console.log(error.message); }`;
    const lines = fresh(code, { NAVCORE_WASM: "/no/such/place.wasm" }).split("\n");
    assert.match(lines[0], /^navcore.wasm was not found/);
    assert.match(lines[1], /^ {2}\/no\/such\/place.wasm: ENOENT/);
    assert.match(lines[2], new RegExp(`^  file://${copy}/navcore.wasm: ENOENT`));
    assert.equal(lines.length, 4, "and the checkout's build/wasm, relative to the module");
    const wasm = fileURLToPath(new URL("../../../build/wasm/navcore.wasm", import.meta.url));
    assert.equal(fresh(code, { NAVCORE_WASM: wasm }), lib.version);
  });
});

// The JavaScript scenario runner: its lexical rules, formatting and command line, as the other
// runners' tests check theirs (bindings/python/tests/test_scenarios.py). `make compare-runners`
// checks its reports against the other three on every scenario.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";

import {
  ScenarioError, decimalValue, diff, parse, progressValue, runFile, setRoute, splitEntry, twoDecimals, wholeNumberValue,
  words,
} from "../scenario.js";
import "./support.js"; // loads navcore.wasm

const RUNNER = fileURLToPath(new URL("../scenario.js", import.meta.url));
const PROJECT = fileURLToPath(new URL("../../../Tests/Scenarios", import.meta.url));
const encode = (/** @type {string} */ text) => new TextEncoder().encode(text);

/** @param {...string} args */
function runCli(...args) {
  return spawnSync(process.execPath, [RUNNER, ...args], { encoding: "utf-8" });
}

describe("the scenario runner", () => {
  it("diffs traces by their longest common subsequence", () => {
    assert.deepEqual(diff(["a", "b", "c"], ["a", "c", "d"]), ["  a", "- b", "  c", "+ d"]);
  });

  it("rounds progress from the exact value of the double, ties away from zero", () => {
    // The same table as Tests/NavCoreTests/TraceFormatTests.swift and the Python tests.
    const table = [
      [0.0, "0.00"], [-0.0, "0.00"], [1.0, "1.00"], [0.5, "0.50"], [0.333, "0.33"],
      [0.125, "0.13"], [0.375, "0.38"], [0.625, "0.63"], [0.875, "0.88"],
      [0.015, "0.01"], [0.045, "0.04"], [0.005, "0.01"], [0.995, "0.99"], [0.565, "0.56"],
      [0.994999, "0.99"], [0.999999, "1.00"], [0.0049999, "0.00"], [5e-324, "0.00"],
    ];
    for (const [value, text] of table) assert.equal(twoDecimals(/** @type {number} */ (value)), text, String(value));
  });

  it("parses steps, and fails a block without its end", () => {
    assert.throws(() => parse(encode("expect trace\n  x\n")), { message: "line 1: `expect trace` has no `end`" });
    const steps = parse(encode("# c\n\n  push  A \nexpect\ttrace\n  a\tb\n\n  b  c\nend\n"));
    assert.deepEqual(steps[0].words, ["push", "A"]);
    assert.deepEqual(steps[1].trace, ["a b", "b c"]);
  });

  it("lets only spaces and tabs separate words", () => {
    const cases = [
      [encode("push A\r\n"), "line 1: character U+000D (only spaces and tabs separate words)"],
      [encode("push A\n\u3000push B\n"), "line 2: character U+3000 (only spaces and tabs separate words)"],
      [encode("# a\u00a0comment\n"), "line 1: character U+00A0 (only spaces and tabs separate words)"],
      [encode("push A\x00\n"), "line 1: character U+0000 (only spaces and tabs separate words)"],
      [encode("push A\x0b\n"), "line 1: character U+000B (only spaces and tabs separate words)"],
      [Uint8Array.of(10, 10, ...encode("push "), 0xc0, 0xaf, 10), "line 3: the line is not UTF-8"],
      [Uint8Array.of(...encode("push "), 0xed, 0xa0, 0x80, 10), "line 1: the line is not UTF-8"],
    ];
    for (const [data, message] of cases) {
      assert.throws(() => parse(/** @type {Uint8Array} */ (data)),
        (error) => error instanceof ScenarioError && error.message === message);
    }
  });

  it("reads words with the runners' grammar", () => {
    assert.deepEqual(words(" \tpush\t \tA  instant "), ["push", "A", "instant"]);
    assert.deepEqual(["0.125", "-1", "1", "1.50"].map(progressValue), [0.125, -1, 1, 1.5]);
    assert.ok(Number.isNaN(progressValue("nan")));
    assert.deepEqual(["1e-3", ".5", "1.", "+0.5", "inf", "0x1p-1", "1_0", "\u0661"].map(progressValue),
      Array(8).fill(null));
    assert.deepEqual(["0", "-1", "0.5", "-0.000001"].map(decimalValue), [0, -1, 0.5, -0.000001]);
    assert.deepEqual(["nan", "1e-3", ".5", "1.", "+0.5", "inf", "-", ""].map(decimalValue), Array(8).fill(null));
    assert.equal(wholeNumberValue("2147483647"), 2147483647);
    assert.deepEqual(["2147483648", "-1", "+2", "1.5", "\u0661"].map(wholeNumberValue), Array(5).fill(null));
    assert.deepEqual(["A", "A#2", "#y", "#4", "A#x", "A#2#3", "y#"].map(setRoute),
      ["A", "A", "#y", "", "A#x", "A#2", "y#"]);
    assert.deepEqual(["R", "R=", "=R", "R=a=b", "===", "=R=s"].map(splitEntry),
      [["R", null], ["R", null], ["R", null], ["R", "a=b"], ["===", null], ["R", "s"]]);
  });

  it("reports failures with a trace diff, and exits 1", () => {
    const bad = join(mkdtempSync(join(tmpdir(), "navcore-js-")), "bad.nav");
    writeFileSync(bad, "# wrong on purpose\npush A\nexpect stack B\nfrobnicate\nexpect trace\n" +
      "  action will_push +A instant\n  action did_push +X instant\nend\n");
    const good = join(PROJECT, "01-show-first-screen.nav");
    const result = runCli(bad, good);
    assert.equal(result.status, 1, result.stderr);
    const lines = result.stdout.trimEnd().split("\n");
    assert.equal(lines[0], `FAIL ${bad}`);
    assert.equal(lines[1], "  line 3: expect stack B: saw 'A'");
    assert.equal(lines[2], "  line 4: unknown command 'frobnicate'");
    assert.equal(lines[3], "  line 5: the trace differs (- expected, + seen):");
    assert.equal(lines[4], "        action will_push +A instant");
    assert.ok(lines.includes("      + action did_push +A instant"));
    assert.ok(lines.includes("      - action did_push +X instant"));
    assert.equal(lines.at(-2), `PASS ${good}`);
    assert.equal(lines.at(-1), "1 passed, 1 failed");
  });

  it("names the screen of a failing check", () => {
    const bad = join(mkdtempSync(join(tmpdir(), "navcore-js-")), "bad.nav");
    writeFileSync(bad, "push A\nset_result A r\nset_saved A s\nexpect result_of A x\nexpect saved_of A y\n");
    assert.deepEqual(runFile(bad)[1],
      ["line 4: expect result_of A x: saw 'r'", "line 5: expect saved_of A y: saw 's'"]);
    assert.deepEqual(runFile(join(PROJECT, "no-such-file.nav"))[1], ["cannot run: cannot read the file"]);
  });

  it("passes the project's scenarios from its command line, and prints its usage", () => {
    const result = runCli(PROJECT);
    assert.equal(result.status, 0, result.stdout);
    assert.match(result.stdout.trimEnd().split("\n").at(-1) ?? "", /^\d+ passed, 0 failed$/);
    assert.equal(runCli().status, 2);
    assert.equal(runCli("--help").status, 0);
  });
});

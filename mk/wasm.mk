# navcore for JavaScript (docs/js.md): the WebAssembly module, the binding's tests and its
# scenario runner. Adds test-js and scenarios-js to TESTS and scenarios-js to SCENARIO_RUNNERS;
# mk/scenarios.mk's compare-runners runs the JavaScript runner beside the other three.
#
#   make wasm            build/wasm/navcore.wasm: the engine and the C interface as Embedded Swift
#                        for wasm32, with the embedded runtime (embedded/runtime) and the callback
#                        trampolines (bindings/js/wasm), optimised for size; its imports checked
#                        against bindings/js/wasm/imports.txt (scripts/build-wasm.py). Beside it the
#                        binding (navcore.js, lib/, navcore.d.ts): build/wasm is what a web server
#                        serves. About 40 s on 2 cores when the Swift sources changed.
#   make test-js         the binding's node:test suites (bindings/js/tests), and TypeScript's check of
#                        its JSDoc types and of navcore.d.ts (tsc -p bindings/js)
#   make scenarios-js FILES=…   the JavaScript scenario runner (bindings/js/scenario.js) on FILES
#   make examples-js     the README's JavaScript example (bindings/js/examples), for `make examples`

NODE         ?= node
WASM_DIR     := build/wasm
WASM         := $(WASM_DIR)/navcore.wasm
WASM_SOURCES := $(shell find Sources/NavCoreEngine Sources/NavCoreC -name '*.swift') include/navcore.h \
                $(wildcard embedded/runtime/*.[ch] bindings/js/wasm/*) scripts/build-wasm.py scripts/wasm_module.py \
                scripts/check-embedded.py
JS_FILES     := navcore.js navcore.d.ts package.json $(patsubst bindings/js/%,%,$(wildcard bindings/js/lib/*.js))
WASM_PACKAGE := $(WASM) $(addprefix $(WASM_DIR)/,$(JS_FILES))
JS_RUNNER    := $(NODE) $(CURDIR)/bindings/js/scenario.js
JS_TESTS     := $(wildcard bindings/js/tests/*.test.js)

TESTS            += test-js scenarios-js
SCENARIO_RUNNERS += scenarios-js

.PHONY: wasm wasm-setup test-js scenarios-js examples-js

wasm: $(WASM_PACKAGE)

## wasm-setup: binaryen's wasm-opt (the size optimiser), Node and TypeScript, from Debian, when
## missing.
wasm-setup:
	@command -v wasm-opt >/dev/null && command -v $(NODE) >/dev/null && command -v tsc >/dev/null || { \
	  echo "wasm-setup: installing binaryen, nodejs, node-typescript"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && \
	  $$SUDO apt-get install -y -qq --no-install-recommends binaryen nodejs node-typescript >/dev/null; }

$(WASM): $(WASM_SOURCES) | wasm-setup
	$(PYTHON) scripts/build-wasm.py --toolchain $(SWIFT_BIN) --out $(WASM_DIR)

$(WASM_DIR)/%: bindings/js/%
	@mkdir -p $(@D)
	cp $< $@

test-js: wasm
	tsc -p bindings/js
	$(NODE) --test $(JS_TESTS)

## scenarios-js: the JavaScript runner on FILES (default: every scenario the runners must pass).
scenarios-js: wasm
	$(JS_RUNNER) $(FILES)

compare-runners: wasm

## examples-js: the README's JavaScript example, its output kept for `make examples`.
examples-js: wasm
	@mkdir -p $(EXAMPLES_OUT)
	$(NODE) bindings/js/examples/minimal_host.js > $(EXAMPLES_OUT)/minimal_host_js.out
	@cat $(EXAMPLES_OUT)/minimal_host_js.out

examples: examples-js

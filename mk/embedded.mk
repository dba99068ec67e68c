# The embedded core (docs/architecture.md, "The embedded core"): the engine and the C front as
# Embedded Swift, for targets without an operating system. Adds its step to TESTS (about 20 s on
# 2 cores: both targets in parallel).
#
#   make embedded    builds Sources/NavCoreEngine and Sources/NavCoreC for wasm32-unknown-none-wasm
#                    and armv7em-none-none-eabi (build/embedded/TARGET), prints each object's
#                    and the linked image's text, data and bss, and fails when they leave a
#                    symbol undefined that embedded/undefined-symbols.txt does not list; then
#                    runs the smoke test (embedded/smoke) on the WebAssembly build in wasmkit
#                    (scripts/check-embedded.py)

SWIFT_BIN := $(dir $(realpath $(shell command -v $(SWIFT))))

TESTS += embedded

.PHONY: embedded

embedded:
	$(PYTHON) scripts/check-embedded.py --toolchain $(SWIFT_BIN)

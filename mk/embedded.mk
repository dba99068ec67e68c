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
#   make test-embedded-runtime   the embedded runtime's allocator and memory functions
#                    (embedded/runtime, which navcore.wasm links), tested natively under ASan and
#                    UBSan (embedded/runtime/tests/runtime_test.c; about 2 s)

SWIFT_BIN := $(dir $(realpath $(shell command -v $(SWIFT))))

TESTS += embedded test-embedded-runtime

.PHONY: embedded test-embedded-runtime

embedded:
	$(PYTHON) scripts/check-embedded.py --toolchain $(SWIFT_BIN)

RUNTIME_TEST := build/runtime/runtime_test
# The runtime's C names, renamed so that the test links it beside the host's C library.
RUNTIME_RENAMES := $(foreach name,malloc free posix_memalign memcpy memmove memset memcmp strlen,-D$(name)=runtime_$(name))

test-embedded-runtime: $(RUNTIME_TEST)
	$(C_ASAN_ENV) $(RUNTIME_TEST)

$(RUNTIME_TEST): embedded/runtime/tests/runtime_test.c embedded/runtime/allocator.c embedded/runtime/memory.c \
                 embedded/runtime/runtime.h
	@mkdir -p $(@D)
	$(C_CC) $(C_WARN) $(C_OPT) $(C_SANITIZE) -ffreestanding $(RUNTIME_RENAMES) -c embedded/runtime/allocator.c -o $(@D)/allocator.o
	$(C_CC) $(C_WARN) $(C_OPT) $(C_SANITIZE) -ffreestanding $(RUNTIME_RENAMES) -c embedded/runtime/memory.c -o $(@D)/memory.o
	$(C_CC) $(C_WARN) $(C_OPT) $(C_SANITIZE) $< $(@D)/allocator.o $(@D)/memory.o -o $@

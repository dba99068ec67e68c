# navcore — build, test and run everything from a fresh machine of the `swift` kind.
#
#   make demo               the main job (a terminal app driven by navcore)
#   make check              the developer's loop: Swift tests, the three runners compared, pytest
#   make test               every test (Swift, C, Python, sanitizers, the runners); CI runs it
#   make help               this list
#   make generate           the tables generated from include/navcore.h (mk/generate.mk)
#   make check-spec         spec/ is still a copy of ../shared (when ../shared exists)
#   make scenarios FILES=…  run .nav files through every runner (default: every scenario)
#   make scenarios-swift    one runner (also scenarios-c, scenarios-python, scenarios-js) on FILES
#   make compare-runners    the four runners' reports compared byte for byte (mk/scenarios.mk)
#   make bench              the benchmarks, instruction counts and their targets (mk/bench.mk)
#   make fuzz SECONDS=…     libFuzzer over the C ABI (mk/fuzz.mk)
#   make stress             the long stress runs (mk/stress.mk)
#   make lib                build/lib/libnavcore.so (release, self-contained, SONAME libnavcore.so.MAJOR)
#   make helpers            build/lib/libnavcore-glib.so, libnavcore-gtk4.so (mk/helpers.mk)
#   make install PREFIX=…   the libraries, headers, pkg-config files and CMake package under PREFIX
#   make dist               build/dist/navcore-VERSION-linux-ARCH.tar.gz (relocatable; mk/dist.mk)
#   make wheel              build/dist/navcore-VERSION-py3-none-PLATFORM.whl (mk/python.mk)
#   make docs               the DocC archive of NavCore (build/docs), 0 warnings
#   make docs-python        the Python API reference (build/docs/python, pdoc)
#   make python-guard       build/lib/libnavcore_pyguard.so, the Python binding's C entry guard
#   make typecheck-python   mypy --strict over the Python package
#   make stress-python      the Python binding's long hostile run
#   make test-noswift       the tarball and the wheel with the Swift toolchain hidden (mk/noswift.mk)
#   make client-package     a Swift package that depends on NavCore as an app's would
#   make test-demo          the demo's recorded session and its terminal test
#   make examples           every README example runs and the README shows its output
#   make check-abi          the C ABI against the frozen abi/libnavcore.so.MAJOR.abi (mk/abi.mk)
#   make embedded           the engine and C front as Embedded Swift: sizes, undefined symbols (mk/embedded.mk)
#   make mcu                the core as a static library for a Cortex-M4/M7, and firmware for QEMU (mk/mcu.mk)
#   make wasm               build/wasm: navcore.wasm and the JavaScript binding beside it (mk/wasm.mk)
#   make test-js            the JavaScript binding's tests under Node (mk/wasm.mk)
#   make web-demo           the web demo: navcore.wasm driving a page, served on localhost (mk/web.mk)
#   make test-web           the web demo in headless Chromium (SCREENSHOTS=1: docs/images too)
#
# Every target installs what it needs first (see `setup`). The C and Python parts live in
# mk/c.mk and mk/python.mk; each adds its steps to TESTS and SCENARIO_RUNNERS.

SHELL      := /bin/bash
SWIFT      ?= swift
# The specification and its scenarios travel with the repository (spec/, a copy of ../shared,
# checked against it by `make check-spec` when ../shared exists beside the checkout).
SHARED     ?= ../shared
SPEC_DIR   := spec
# The planned scenarios (spec/scenarios-planned) that every runner implements already.
PLANNED_SCENARIOS := $(addprefix $(SPEC_DIR)/scenarios-planned/,$(shell sed -n 's/^\([0-9][^ #]*\.nav\).*/\1/p' Tests/planned-scenarios.txt))
# Every scenario the runners must pass: the project's, the specification's, the planned ones
# implemented so far.
SCENARIO_DIRS := Tests/Scenarios $(SPEC_DIR)/scenarios $(PLANNED_SCENARIOS)
FILES      ?= $(SCENARIO_DIRS)
PREFIX     ?= build/install

VERSION    := $(shell sed -n 's/^\#define NAVCORE_VERSION_STRING "\(.*\)"/\1/p' include/navcore.h)
MAJOR      := $(firstword $(subst ., ,$(VERSION)))
LIB_DIR    := build/lib
LIBRARY    := $(LIB_DIR)/libnavcore.so
GENERATED_HEADER := .build/debug/NavCoreC.build/include/NavCoreC-Swift.h

TESTS            := check-spec test-swift check-header scenarios-swift
SCENARIO_RUNNERS := scenarios-swift

.PHONY: all help setup build lib install check-header check-spec check test test-clock test-swift test-tsan scenarios scenarios-swift demo clean

all: build lib

## help: the commands, as this file's header lists them.
help:
	@sed -n 's/^#   \(make .*\)/\1/p' $(firstword $(MAKEFILE_LIST))

## setup: system packages a fresh machine may lack (libffi for the C-ABI tests and runners,
## valgrind for memcheck and callgrind, tmux for the demo's terminal test, abigail-tools for the
## ABI guard's abidw and abidiff).
setup:
	@pkg-config --exists libffi 2>/dev/null && command -v valgrind >/dev/null && command -v tmux >/dev/null && \
	  command -v abidiff >/dev/null || { \
	  echo "setup: installing libffi-dev, pkg-config, valgrind, tmux, abigail-tools"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq libffi-dev pkg-config valgrind tmux abigail-tools >/dev/null; }

build: setup
	$(SWIFT) build

## lib: the shipped library: self-contained (the Swift runtime linked in statically, NEEDED only
## glibc, libstdc++ and libgcc_s, RUNPATH at most $ORIGIN), exporting only the navcore_ functions,
## stripped, with its debug information in a separate file that gdb finds by its debuglink.
## Its own scratch path, so that the static-stdlib flags never force a rebuild of the other products.
## lld, not swiftc's default gold: gold keeps the symbols the version script makes local (the
## $s7NavCore… ones, the static runtime's __dispatch_tsd) in .dynsym as LOCAL entries, which
## `nm -D` lists, even with --exclude-libs=ALL; lld drops them. -z nodelete keeps the library
## mapped after dlclose (the Swift runtime cannot be unloaded).
LIB_SCRATCH := .build/shiplib
LIB_FILE    := libnavcore.so.$(VERSION)
LIB_FLAGS   := -Xswiftc -static-stdlib -Xswiftc -use-ld=lld \
               -Xlinker -soname -Xlinker libnavcore.so.$(MAJOR) \
               -Xlinker --version-script=$(CURDIR)/scripts/navcore.map -Xlinker -z -Xlinker nodelete

lib: setup
	$(SWIFT) build -c release --product navcore --scratch-path $(LIB_SCRATCH) $(LIB_FLAGS)
	@mkdir -p $(LIB_DIR)/.debug
	objcopy --only-keep-debug $(LIB_SCRATCH)/release/libnavcore.so $(LIB_DIR)/.debug/$(LIB_FILE).debug
	@# a new file, never written over one that a running process has mapped
	strip --strip-unneeded -o $(LIB_DIR)/$(LIB_FILE).tmp $(LIB_SCRATCH)/release/libnavcore.so
	objcopy --add-gnu-debuglink=$(LIB_DIR)/.debug/$(LIB_FILE).debug $(LIB_DIR)/$(LIB_FILE).tmp
	chmod 755 $(LIB_DIR)/$(LIB_FILE).tmp && mv -f $(LIB_DIR)/$(LIB_FILE).tmp $(LIB_DIR)/$(LIB_FILE)
	ln -sf $(LIB_FILE) $(LIB_DIR)/libnavcore.so.$(MAJOR)
	ln -sf libnavcore.so.$(MAJOR) $(LIBRARY)

## install: the layout of the release tarball (mk/dist.mk) under PREFIX: the library and the
## helper libraries, their links and debug files, the headers, relocatable pkg-config files and
## CMake package, README and LICENSE.
install: lib helpers
	packaging/install-tree.sh $(PREFIX) $(LIB_DIR) $(VERSION)
	@echo "installed navcore $(VERSION) under $(PREFIX)"

## check-header: the header compiles as C and C++, matches the @c exports and the library.
check-header: build lib
	scripts/check-header.sh $(GENERATED_HEADER) $(LIBRARY)

include mk/c.mk
include mk/python.mk
include mk/scenarios.mk
include mk/generate.mk
include mk/demo.mk
include mk/fuzz.mk
include mk/sanitize.mk
include mk/bench.mk
include mk/dist.mk
include mk/noswift.mk
include mk/client.mk
include mk/docs.mk
include mk/helpers.mk
include mk/gtk.mk
include mk/abi.mk
include mk/glib.mk
include mk/embedded.mk
include mk/mcu.mk
include mk/wasm.mk
include mk/web.mk

TESTS += test-tsan

## check-spec: spec/ equals ../shared (when ../shared exists beside the checkout); a stale copy
## fails with the list of files that differ.
check-spec:
	scripts/check-spec-copy.sh $(SPEC_DIR) $(SHARED)

## check: the loop a developer runs after every change (how long it takes: README): the
## generated tables, the ABI guard, the Swift tests, the three scenario runners compared on
## every scenario, pytest, mypy --strict over the Python package.
check: check-spec build lib check-generated check-abi test-swift compare-runners test-python typecheck-python
	@echo "make check: all passed"

## test: everything, failing on the first failure. After each step, its wall time (the step's
## prerequisites that no earlier step built are counted in it); at the end, the total.
TEST_CLOCK := build/test-clock
uniq = $(if $1,$(firstword $1) $(call uniq,$(filter-out $(firstword $1),$1)))
test: test-clock build lib step-time-build $(foreach step,$(call uniq,$(TESTS)),$(step) step-time-$(step))
	@printf 'make test: all passed in %s s\n' "$$(awk -v a=$$(date +%s.%N) -v b=$$(cat $(TEST_CLOCK).start) 'BEGIN { printf "%.0f", a - b }')"

test-clock:
	@mkdir -p build && date +%s.%N > $(TEST_CLOCK) && cp $(TEST_CLOCK) $(TEST_CLOCK).start

step-time-%:
	@now=$$(date +%s.%N); printf 'make test: %-22s %7.1f s\n' '$*' "$$(awk -v a=$$now -v b=$$(cat $(TEST_CLOCK)) 'BEGIN { print a - b }')"; echo $$now > $(TEST_CLOCK)

test-swift: build
	$(SWIFT) test

## test-tsan: the Swift suites (including the multi-threaded stress tests) under ThreadSanitizer.
## The single-threaded deep-family tests run 10,000 deep there (100,000 in test-swift).
test-tsan: setup
	NAVCORE_DEEP_FAMILY_DEPTH=10000 $(SWIFT) test --sanitize=thread --scratch-path .build/tsan

scenarios: $(SCENARIO_RUNNERS)

scenarios-swift: build
	.build/debug/navcore-scenario $(FILES)

clean:
	rm -rf .build build

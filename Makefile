# navcore — build, test and run everything from a fresh machine of the `swift` kind.
#
#   make demo               the main job (a terminal app driven by navcore)
#   make test               every test (Swift, C, Python, sanitizers, the runners); CI runs it
#   make scenarios FILES=…  run .nav files through every runner (default: project + shared)
#   make lib                build/lib/libnavcore.so (release, SONAME libnavcore.so.MAJOR)
#   make install PREFIX=…   library, header and pkg-config file under PREFIX
#   make docs               the DocC archive of NavCore (build/docs), 0 warnings
#
# Every target installs what it needs first (see `setup`). The C and Python parts live in
# mk/c.mk and mk/python.mk; each adds its steps to TESTS and SCENARIO_RUNNERS.

SHELL      := /bin/bash
SWIFT      ?= swift
SHARED     ?= ../shared
SCENARIO_DIRS := Tests/Scenarios $(wildcard $(SHARED)/scenarios)
# SPEC §12-15's shared scenarios: only the Swift runner knows their commands so far, so only
# the Swift runner's targets run them; they join SCENARIO_DIRS once the C and Python runners do.
SCENARIO_NEXT_DIRS := Tests/ScenariosNext $(wildcard $(SHARED)/scenarios-next)
FILES      ?= $(SCENARIO_DIRS)
# The Swift runner adds them to the default FILES only (FILES=… given: exactly those files).
SWIFT_FILES ?= $(if $(filter file,$(origin FILES)),$(FILES) $(SCENARIO_NEXT_DIRS),$(FILES))
PREFIX     ?= build/install

VERSION    := $(shell sed -n 's/^\#define NAVCORE_VERSION_STRING "\(.*\)"/\1/p' include/navcore.h)
MAJOR      := $(firstword $(subst ., ,$(VERSION)))
LIB_DIR    := build/lib
LIBRARY    := $(LIB_DIR)/libnavcore.so
GENERATED_HEADER := .build/debug/NavCoreC.build/include/NavCoreC-Swift.h

TESTS            := test-swift check-header scenarios-swift
SCENARIO_RUNNERS := scenarios-swift

.PHONY: all setup build lib install check-header test test-swift test-tsan scenarios scenarios-swift demo clean

all: build lib

## setup: system packages a fresh machine may lack (libffi for the C-ABI tests and runners,
## valgrind for memcheck and callgrind, tmux for the demo's terminal test).
setup:
	@pkg-config --exists libffi 2>/dev/null && command -v valgrind >/dev/null && command -v tmux >/dev/null || { \
	  echo "setup: installing libffi-dev, pkg-config, valgrind, tmux"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq libffi-dev pkg-config valgrind tmux >/dev/null; }

build: setup
	$(SWIFT) build

## lib: the shipped library, exporting only the navcore_ functions of the header.
lib: setup
	$(SWIFT) build -c release --product navcore -Xlinker -soname -Xlinker libnavcore.so.$(MAJOR) \
	  -Xlinker --version-script=$(CURDIR)/scripts/navcore.map
	@mkdir -p $(LIB_DIR)
	@# install writes a new file, never over one that a running process has mapped
	install -m 755 .build/release/libnavcore.so $(LIB_DIR)/libnavcore.so.$(VERSION)
	ln -sf libnavcore.so.$(VERSION) $(LIB_DIR)/libnavcore.so.$(MAJOR)
	ln -sf libnavcore.so.$(MAJOR) $(LIBRARY)

install: lib
	install -d $(PREFIX)/lib/pkgconfig $(PREFIX)/include
	install -m 755 $(LIB_DIR)/libnavcore.so.$(VERSION) $(PREFIX)/lib/
	ln -sf libnavcore.so.$(VERSION) $(PREFIX)/lib/libnavcore.so.$(MAJOR)
	ln -sf libnavcore.so.$(MAJOR) $(PREFIX)/lib/libnavcore.so
	install -m 644 include/navcore.h $(PREFIX)/include/
	sed -e 's|@PREFIX@|$(abspath $(PREFIX))|' -e 's|@VERSION@|$(VERSION)|' scripts/navcore.pc.in \
	  > $(PREFIX)/lib/pkgconfig/navcore.pc
	@echo "installed navcore $(VERSION) under $(PREFIX)"

## check-header: the header compiles as C and C++, matches the @c exports and the library.
check-header: build lib
	scripts/check-header.sh $(GENERATED_HEADER) $(LIBRARY)

include mk/c.mk
include mk/python.mk
include mk/demo.mk
include mk/fuzz.mk
include mk/sanitize.mk
include mk/bench.mk
include mk/docs.mk

TESTS += test-tsan

## test: everything, failing on the first failure.
test: build lib $(TESTS)
	@echo "make test: all passed"

test-swift: build
	$(SWIFT) test

## test-tsan: the Swift suites (including the multi-threaded stress tests) under ThreadSanitizer.
test-tsan: setup
	$(SWIFT) test --sanitize=thread --scratch-path .build/tsan

scenarios: $(SCENARIO_RUNNERS)

scenarios-swift: build
	.build/debug/navcore-scenario $(SWIFT_FILES)

clean:
	rm -rf .build build

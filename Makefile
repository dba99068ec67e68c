# navcore — build, test and run everything from a fresh machine of the `swift` kind.
#
#   make demo              the main job (a terminal app driven by navcore)
#   make test              every test: Swift unit and scenario tests, TSan, the runners
#   make scenarios FILES=… run the given .nav files through every runner
#   make scenarios-swift FILES=…
#
# Every target installs what it needs first (see `setup`).

SHELL      := /bin/bash
SWIFT      ?= swift
SHARED     ?= ../shared
SCENARIO_DIRS := Tests/Scenarios $(wildcard $(SHARED)/scenarios)
FILES      ?= $(SCENARIO_DIRS)
DEBUG_BIN  := .build/debug

.PHONY: all setup build test test-swift test-tsan scenarios scenarios-swift demo clean

all: build

## setup: system packages a fresh machine may lack (libffi for the C and Swift ABI tests).
setup:
	@pkg-config --exists libffi 2>/dev/null || { \
	  echo "setup: installing libffi-dev"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq libffi-dev pkg-config >/dev/null; }

build: setup
	$(SWIFT) build

## test: everything that exists, failing on the first failure.
test: build test-swift scenarios test-tsan
	@echo "make test: all passed"

test-swift:
	$(SWIFT) test

## test-tsan: the Swift suite (including the multi-threaded stress test) under ThreadSanitizer.
test-tsan:
	$(SWIFT) test --sanitize=thread --scratch-path .build/tsan

scenarios: scenarios-swift

scenarios-swift: build
	$(SWIFT) build --product navcore-scenario
	$(DEBUG_BIN)/navcore-scenario $(FILES)

demo:
	@echo "make demo: the terminal demo arrives with issue 7; meanwhile: make scenarios-swift"

clean:
	rm -rf .build build

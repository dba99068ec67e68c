# make test-noswift: navcore on "a machine without Swift" (docs/c-api.md). Adds it to TESTS.
#
# scripts/without-swift.sh runs each step in a private mount namespace (unshare -m, root) in
# which the Swift toolchain's directory is an empty directory, and checks inside that no Swift
# is visible before it runs anything. The steps use only what a user gets:
#
#   noswift-check    the check itself: outside the namespace it must see the toolchain (else it
#                    is blind), inside it must see none, and a library linked against the
#                    toolchain's runtime (.build/debug/libnavcore.so) must load outside and fail
#                    to load inside; scripts/check-shipped-lib.sh must reject that library too
#   check-lib        the shipped library: NEEDED, RUNPATH, exports (scripts/check-shipped-lib.sh)
#   two-copies       two copies of the library in one process (bindings/c/tests/two_copies.c),
#                    with the toolchain-linked one as a third outside the namespace
#   noswift-c        from the unpacked tarball (make dist): the C example with pkg-config and with
#                    CMake, the C scenario runner over every scenario, the GTK4 examples with CMake's
#                    glib and gtk4 components under Xvfb (scripts/noswift/c-from-tarball.sh)
#   noswift-python   the wheel (make wheel) in a fresh venv: the whole Python test suite, the
#                    Python scenario runner over every scenario, pip's message without a library
#                    (scripts/noswift/python-from-wheel.sh)
#
# cmake comes from Debian when missing; pytest and hypothesis from PyPI.

NOSWIFT        := scripts/without-swift.sh
NOSWIFT_DIR    := build/noswift
NOSWIFT_PREFIX := $(NOSWIFT_DIR)/unpacked/$(DIST_NAME)
TOOLCHAIN_LIB  := .build/debug/libnavcore.so
TWO_COPIES     := $(C_DIR)/two_copies
LIB_COPY       := $(C_DIR)/libnavcore-copy.so

TESTS += test-noswift

.PHONY: test-noswift noswift-check check-lib two-copies noswift-c noswift-python noswift-unpack cmake

test-noswift: noswift-check check-lib two-copies noswift-c noswift-python
	@echo "test-noswift: all passed"

cmake:
	@command -v cmake >/dev/null || { echo "noswift: installing cmake"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq cmake >/dev/null; }

noswift-check: build lib
	@if $(NOSWIFT) --check >/dev/null 2>&1; then \
	  echo "noswift-check: the check sees no toolchain outside the namespace: it is blind"; exit 1; fi
	@echo "noswift-check: outside the namespace the check sees the toolchain"
	python3 -c 'import ctypes; ctypes.CDLL("$(CURDIR)/$(TOOLCHAIN_LIB)")'
	$(NOSWIFT) -- bash -c 'if python3 -c "import ctypes, sys; ctypes.CDLL(sys.argv[1])" "$$1" 2>/dev/null; then \
	  echo "noswift-check: a toolchain-linked library loads inside"; exit 1; fi; \
	  echo "noswift-check: inside, the toolchain-linked library fails to load"' bash $(CURDIR)/$(TOOLCHAIN_LIB)
	@if scripts/check-shipped-lib.sh $(TOOLCHAIN_LIB) $$($(NOSWIFT) --toolchain-dir) >/dev/null 2>&1; then \
	  echo "noswift-check: check-shipped-lib.sh accepts the toolchain-linked library"; exit 1; fi
	@echo "noswift-check: check-shipped-lib.sh rejects the toolchain-linked library"

check-lib: lib
	scripts/check-shipped-lib.sh $(LIB_DIR)/$(LIB_FILE) $$($(NOSWIFT) --toolchain-dir)

$(TWO_COPIES): bindings/c/tests/two_copies.c include/navcore.h
	@mkdir -p $(@D)
	$(C_CC) $(C_WARN) $(C_OPT) -D_POSIX_C_SOURCE=200809L -Iinclude $< -o $@ -ldl

two-copies: build lib $(TWO_COPIES)
	cp $(LIB_DIR)/$(LIB_FILE) $(LIB_COPY)
	$(TWO_COPIES) $(CURDIR)/$(LIB_DIR)/libnavcore.so.$(MAJOR) $(CURDIR)/$(LIB_COPY) $(CURDIR)/$(TOOLCHAIN_LIB)
	$(NOSWIFT) -- $(TWO_COPIES) $(CURDIR)/$(LIB_DIR)/libnavcore.so.$(MAJOR) $(CURDIR)/$(LIB_COPY)

## noswift-unpack: the tarball of `make dist`, unpacked afresh (not where it was built).
noswift-unpack: dist
	rm -rf $(NOSWIFT_DIR)/unpacked && mkdir -p $(NOSWIFT_DIR)/unpacked
	tar -xzf $(DIST_TARBALL) -C $(NOSWIFT_DIR)/unpacked

noswift-c: noswift-unpack cmake setup gtk-setup
	$(NOSWIFT) -- scripts/noswift/c-from-tarball.sh $(NOSWIFT_PREFIX) $(NOSWIFT_DIR)/c $(SCENARIO_DIRS)

noswift-python: wheel
	$(NOSWIFT) -- env PYTHON=$(PYTHON) \
	  scripts/noswift/python-from-wheel.sh $$(ls $(DIST_DIR)/navcore-$(VERSION)-*.whl) $(NOSWIFT_DIR)/venv $(SCENARIO_DIRS)

# The GTK4 example (bindings/c/examples/gtk) on the GLib helper (bindings/c/glib), built the way a
# user builds it: against the installed tree with pkg-config. Adds test-gtk to TESTS.
#
#   make test-gtk    install the tree under build/install, build the example, run it under
#                    Xvfb: it drives itself, checks what the window shows and saves
#                    build/gtk-example.png (docs/integrating.md shows a copy,
#                    docs/images/gtk-example.png); check docs/integrating.md's excerpts

GTK_DIR        := build/gtk
GTK_EXAMPLE    := $(GTK_DIR)/navcore-gtk-example
GTK_ASAN       := $(GTK_DIR)/asan/navcore-gtk-example
GTK_SOURCES    := $(wildcard bindings/c/examples/gtk/*.c) bindings/c/glib/navcore-glib.c
GTK_HEADERS    := $(wildcard bindings/c/examples/gtk/*.h) bindings/c/glib/navcore-glib.h
GTK_PREFIX     := build/install
GTK_SCREENSHOT := build/gtk-example.png
# The cairo renderer: Xvfb has no GPU; no accessibility bus (no D-Bus session under Xvfb).
GTK_RUN_ENV    := GSK_RENDERER=cairo GTK_A11Y=none NO_AT_BRIDGE=1

TESTS += test-gtk

.PHONY: test-gtk gtk-setup

## gtk-setup: the Debian packages the example needs (GTK4's headers, Xvfb and its xauth).
gtk-setup:
	@pkg-config --exists gtk4 2>/dev/null && command -v xvfb-run >/dev/null && command -v xauth >/dev/null || { \
	  echo "gtk-setup: installing libgtk-4-dev, xvfb, xauth"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq libgtk-4-dev xvfb xauth >/dev/null; }

# $(call gtk-program,FLAGS): the example built against the installed tree with FLAGS.
define gtk-program
$(MAKE) --no-print-directory install PREFIX=$(GTK_PREFIX)
@mkdir -p $(@D)
PKG_CONFIG_PATH=$(CURDIR)/$(GTK_PREFIX)/lib/pkgconfig; export PKG_CONFIG_PATH; \
  $(C_CC) $(C_WARN) -g $(1) -Ibindings/c/glib $(GTK_SOURCES) -o $@ $$(pkg-config --cflags --libs navcore gtk4)
endef

$(GTK_EXAMPLE): $(GTK_SOURCES) $(GTK_HEADERS) include/navcore.h | lib gtk-setup
	$(call gtk-program,)

$(GTK_ASAN): $(GTK_SOURCES) $(GTK_HEADERS) include/navcore.h | lib gtk-setup
	$(call gtk-program,$(C_OPT) $(C_SANITIZE))

## test-gtk: the example under Xvfb, at most 60 s, then again under ASan+UBSan with leak
## detection (fontconfig's caches suppressed); docs/integrating.md's C blocks are its code.
test-gtk: $(GTK_EXAMPLE) $(GTK_ASAN)
	@$(RUN_STEP) test-gtk $(GTK_DIR)/example.out env $(GTK_RUN_ENV) timeout 60 xvfb-run -a \
	  $(GTK_EXAMPLE) --screenshot $(GTK_SCREENSHOT)
	@$(RUN_STEP) "test-gtk (ASan+UBSan)" $(GTK_DIR)/asan/example.out env $(GTK_RUN_ENV) $(C_ASAN_ENV) \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/bindings/c/examples/gtk/lsan.supp:print_suppressions=0 timeout 60 xvfb-run -a $(GTK_ASAN)
	@$(PYTHON) scripts/check-readme-examples.py docs/integrating.md

# The GTK4 example (bindings/c/examples/gtk) and the mirror's own test (bindings/c/tests/
# gtk_mirror.c), built the way a user builds them: against the installed tree only, with
# pkg-config's navcore-gtk4 and navcore-glib (no include path into the source tree). Adds
# test-gtk to TESTS.
#
#   make test-gtk    install the tree under build/install, build the programs, run them under
#                    Xvfb: the example drives itself, checks what the window shows and saves
#                    build/gtk-example.png (docs/integrating.md shows a copy,
#                    docs/images/gtk-example.png); the tabs example (tabs.c: a family of
#                    navigators) likewise, saving build/gtk-tabs-tabs.png and -modal.png (copies
#                    in docs/images); gtk_mirror checks the mirror's promises; then all three
#                    again under ASan+UBSan; check docs/integrating.md's excerpts

GTK_DIR        := build/gtk
GTK_PREFIX     := build/install
GTK_EXAMPLE    := $(GTK_DIR)/navcore-gtk-example
GTK_MIRROR     := $(GTK_DIR)/gtk_mirror
GTK_TABS       := $(GTK_DIR)/navcore-gtk-tabs
GTK_TABS_ASAN  := $(GTK_DIR)/asan/navcore-gtk-tabs
GTK_TABS_SHOTS := build/gtk-tabs
GTK_ASAN       := $(GTK_DIR)/asan/navcore-gtk-example
GTK_MIRROR_ASAN := $(GTK_DIR)/asan/gtk_mirror
GTK_SCREENSHOT := build/gtk-example.png
# What the programs build on: the installed headers, from these sources.
GTK_INSTALLED  := include/navcore.h bindings/c/glib/navcore-glib.h bindings/c/gtk4/navcore-gtk4.h
# The cairo renderer: Xvfb has no GPU; no accessibility bus (no D-Bus session under Xvfb).
GTK_RUN_ENV    := GSK_RENDERER=cairo GTK_A11Y=none NO_AT_BRIDGE=1
# LeakSanitizer with the system libraries' one-time allocations suppressed (lsan.supp says which
# and why); the slow unwinder, so that a suppression sees past Mesa's frame-pointer-less driver.
GTK_ASAN_ENV   := ASAN_OPTIONS=detect_leaks=1:fast_unwind_on_malloc=0 UBSAN_OPTIONS=print_stacktrace=1 \
                  LSAN_OPTIONS=suppressions=$(CURDIR)/bindings/c/examples/gtk/lsan.supp:print_suppressions=0

TESTS += test-gtk

.PHONY: test-gtk gtk-setup adwaita-setup

## gtk-setup: the Debian packages the example needs (GTK4's headers, Xvfb and its xauth).
gtk-setup:
	@pkg-config --exists gtk4 2>/dev/null && command -v xvfb-run >/dev/null && command -v xauth >/dev/null || { \
	  echo "gtk-setup: installing libgtk-4-dev, xvfb, xauth"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq libgtk-4-dev xvfb xauth >/dev/null; }

## adwaita-setup: libadwaita's headers, for W9 of `make bench` (Debian's libadwaita-1-dev).
adwaita-setup: gtk-setup
	@pkg-config --exists libadwaita-1 2>/dev/null || { \
	  echo "adwaita-setup: installing libadwaita-1-dev"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq libadwaita-1-dev >/dev/null; }

# $(call gtk-program,SOURCE,FLAGS[,MODULES]): $@ from SOURCE with FLAGS, against the tree installed
# under GTK_PREFIX and nothing else of the checkout (and pkg-config's MODULES besides).
define gtk-program
$(MAKE) --no-print-directory install PREFIX=$(GTK_PREFIX)
@mkdir -p $(@D)
PKG_CONFIG_PATH=$(CURDIR)/$(GTK_PREFIX)/lib/pkgconfig; export PKG_CONFIG_PATH; \
  $(C_CC) $(C_WARN) -g $(2) $(1) -o $@ $$(pkg-config --cflags --libs navcore-gtk4 navcore-glib $(3))
endef

GTK_SHARED := bindings/c/examples/gtk/example.c

$(GTK_EXAMPLE): bindings/c/examples/gtk/main.c $(GTK_SHARED) bindings/c/examples/gtk/example.h $(GTK_INSTALLED) | lib helpers gtk-setup
	$(call gtk-program,$< $(GTK_SHARED),)

$(GTK_ASAN): bindings/c/examples/gtk/main.c $(GTK_SHARED) bindings/c/examples/gtk/example.h $(GTK_INSTALLED) | lib helpers gtk-setup
	$(call gtk-program,$< $(GTK_SHARED),$(C_OPT) $(C_SANITIZE))

$(GTK_TABS): bindings/c/examples/gtk/tabs.c $(GTK_SHARED) bindings/c/examples/gtk/example.h $(GTK_INSTALLED) | lib helpers gtk-setup
	$(call gtk-program,$< $(GTK_SHARED),)

$(GTK_TABS_ASAN): bindings/c/examples/gtk/tabs.c $(GTK_SHARED) bindings/c/examples/gtk/example.h $(GTK_INSTALLED) | lib helpers gtk-setup
	$(call gtk-program,$< $(GTK_SHARED),$(C_OPT) $(C_SANITIZE))

$(GTK_MIRROR): bindings/c/tests/gtk_mirror.c $(GTK_INSTALLED) | lib helpers gtk-setup
	$(call gtk-program,$<,)

$(GTK_MIRROR_ASAN): bindings/c/tests/gtk_mirror.c $(GTK_INSTALLED) | lib helpers gtk-setup
	$(call gtk-program,$<,$(C_OPT) $(C_SANITIZE))

## test-gtk: the two examples and gtk_mirror under Xvfb, at most 60 s each, then again under
## ASan+UBSan with leak detection; docs/integrating.md's C blocks are the examples' code.
test-gtk: $(GTK_EXAMPLE) $(GTK_TABS) $(GTK_MIRROR) $(GTK_ASAN) $(GTK_TABS_ASAN) $(GTK_MIRROR_ASAN)
	@$(RUN_STEP) test-gtk $(GTK_DIR)/example.out env $(GTK_RUN_ENV) timeout 60 xvfb-run -a \
	  $(GTK_EXAMPLE) --screenshot $(GTK_SCREENSHOT)
	@$(RUN_STEP) "test-gtk: tabs" $(GTK_DIR)/tabs.out env $(GTK_RUN_ENV) timeout 60 xvfb-run -a \
	  $(GTK_TABS) --screenshots $(GTK_TABS_SHOTS)
	@$(RUN_STEP) "test-gtk: gtk_mirror" $(GTK_DIR)/gtk_mirror.out env $(GTK_RUN_ENV) timeout 60 xvfb-run -a $(GTK_MIRROR)
	@$(RUN_STEP) "test-gtk (ASan+UBSan)" $(GTK_DIR)/asan/example.out env $(GTK_RUN_ENV) $(GTK_ASAN_ENV) \
	  timeout 60 xvfb-run -a $(GTK_ASAN)
	@$(RUN_STEP) "test-gtk: tabs (ASan+UBSan)" $(GTK_DIR)/asan/tabs.out env $(GTK_RUN_ENV) $(GTK_ASAN_ENV) \
	  timeout 60 xvfb-run -a $(GTK_TABS_ASAN)
	@$(RUN_STEP) "test-gtk: gtk_mirror (ASan+UBSan)" $(GTK_DIR)/asan/gtk_mirror.out env $(GTK_RUN_ENV) $(GTK_ASAN_ENV) \
	  timeout 60 xvfb-run -a $(GTK_MIRROR_ASAN)
	@$(PYTHON) scripts/check-readme-examples.py docs/integrating.md

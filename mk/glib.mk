# The GLib helper (libnavcore-glib, bindings/c/glib; built by mk/helpers.mk) under a flood:
# bindings/c/tests/glib_flood.c, linked against the shipped helper. Adds test-glib-flood to TESTS.
#
#   make test-glib-flood   threads post ops faster than they run into a host-dispatch navigator
#                          that the helper drains on a real GMainLoop; the longest main-loop
#                          iteration must stay within one op plus the helper's drain budget plus
#                          slack (GLIB_FLOOD_SLACK_MS, default 100), as must the longest wait of
#                          a source at redraw priority; then the same under ASan+UBSan

GLIB_FLOOD       := $(C_DIR)/glib_flood
GLIB_FLOOD_ASAN  := $(C_DIR)/asan/glib_flood
GLIB_FLOOD_SRC   := bindings/c/tests/glib_flood.c
GLIB_FLOOD_HDR   := bindings/c/glib/navcore-glib.h include/navcore.h
GLIB_FLOOD_LINK  := -L$(LIB_DIR) -lnavcore-glib $(C_LINK_LIB)
GLIB_FLOOD_SLACK_MS ?= 100
# Read when a recipe runs, after glib-setup installed GLib.
GLIB_FLAGS = $(shell pkg-config --cflags glib-2.0)
GLIB_LIBS  = $(shell pkg-config --libs glib-2.0)

TESTS += test-glib-flood

.PHONY: test-glib-flood glib-setup

## glib-setup: GLib's headers (libglib2.0-dev; GTK's packages bring them too).
glib-setup:
	@pkg-config --exists glib-2.0 2>/dev/null || { \
	  echo "glib-setup: installing libglib2.0-dev"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq libglib2.0-dev pkg-config >/dev/null; }

$(GLIB_FLOOD): $(GLIB_FLOOD_SRC) $(GLIB_FLOOD_HDR) $(GLIB_HELPER) | lib glib-setup
	$(call c-program,$(C_CC) $(C_WARN) $(C_OPT) -pthread -Iinclude -Ibindings/c/glib $(GLIB_FLAGS),$(GLIB_FLOOD_SRC),$(GLIB_FLOOD_LINK) $(GLIB_LIBS))

$(GLIB_FLOOD_ASAN): $(GLIB_FLOOD_SRC) $(GLIB_FLOOD_HDR) $(GLIB_HELPER) | lib glib-setup
	$(call c-program,$(C_CC) $(C_WARN) $(C_OPT) $(C_SANITIZE) -pthread -Iinclude -Ibindings/c/glib $(GLIB_FLAGS),$(GLIB_FLOOD_SRC),$(GLIB_FLOOD_LINK) $(GLIB_LIBS))

## test-glib-flood: the flood, measured (figures in build/c/glib_flood.out), then under
## ASan+UBSan for the helper's memory and threads (no timing bound there: sanitizers slow it).
test-glib-flood: $(GLIB_FLOOD) $(GLIB_FLOOD_ASAN)
	@$(RUN_STEP) test-glib-flood $(C_DIR)/glib_flood.out $(GLIB_FLOOD) --slack-ms $(GLIB_FLOOD_SLACK_MS)
	@head -n 3 $(C_DIR)/glib_flood.out
	@$(RUN_STEP) "test-glib-flood (ASan+UBSan)" $(C_DIR)/asan/glib_flood.out env $(C_ASAN_ENV) \
	  $(GLIB_FLOOD_ASAN) --seconds 1 --slack-ms 100000

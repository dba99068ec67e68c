# The helper libraries shipped beside libnavcore: the GLib main-loop helper (bindings/c/glib) and
# the GtkStack mirror (bindings/c/gtk4). Adds check-helpers to TESTS.
#
#   make helpers         build/lib/libnavcore-glib.so.VERSION and libnavcore-gtk4.so.VERSION,
#                        each with SONAME libnavcore-NAME.so.MAJOR, its links, its debug file in
#                        build/lib/.debug, RUNPATH $ORIGIN (libnavcore.so.1 beside it), and only
#                        the functions of its header exported; `make install` and `make dist`
#                        ship them with navcore-NAME.pc and CMake's navcore::NAME
#   make check-helpers   what they export, need and look in (scripts/check-helper-lib.sh)
#
# They are always built, so that a release tarball holds the same files wherever it is made:
# their `setup` targets install GLib's and GTK's headers first, as the tests need them anyway.
# A user without GTK still uses libnavcore alone; only a program that links a helper needs its
# toolkit.

GLIB_HELPER    := $(LIB_DIR)/libnavcore-glib.so.$(VERSION)
GTK_HELPER     := $(LIB_DIR)/libnavcore-gtk4.so.$(VERSION)
HELPER_CFLAGS  := -std=c11 -Wall -Wextra -Werror -O2 -g -fdebug-prefix-map=$(CURDIR)=. -fPIC -fvisibility=hidden -Iinclude

TESTS += check-helpers

.PHONY: helpers check-helpers

helpers: $(GLIB_HELPER) $(GTK_HELPER)

# $(call helper-library,NAME,PKG-CONFIG MODULE): $@ from bindings/c/NAME/navcore-NAME.c, stripped,
# with its debug file and links, as `make lib` leaves libnavcore (a new file, never written over
# one that a running process has mapped).
define helper-library
@mkdir -p $(LIB_DIR)/.debug
$(C_CC) $(HELPER_CFLAGS) $$(pkg-config --cflags $(2)) $< -o $@.tmp -shared \
  -Wl,-soname,libnavcore-$(1).so.$(MAJOR) -Wl,--version-script=bindings/c/$(1)/navcore-$(1).map \
  -Wl,-z,defs -Wl,--as-needed -Wl,-rpath,'$$ORIGIN' -L$(LIB_DIR) -lnavcore $$(pkg-config --libs $(2))
objcopy --only-keep-debug $@.tmp $(LIB_DIR)/.debug/$(@F).debug
strip --strip-unneeded $@.tmp
objcopy --add-gnu-debuglink=$(LIB_DIR)/.debug/$(@F).debug $@.tmp
chmod 755 $@.tmp && mv -f $@.tmp $@
ln -sf $(@F) $(LIB_DIR)/libnavcore-$(1).so.$(MAJOR)
ln -sf libnavcore-$(1).so.$(MAJOR) $(LIB_DIR)/libnavcore-$(1).so
endef

$(GLIB_HELPER): bindings/c/glib/navcore-glib.c bindings/c/glib/navcore-glib.h bindings/c/glib/navcore-glib.map \
                include/navcore.h | lib glib-setup
	$(call helper-library,glib,glib-2.0)

$(GTK_HELPER): bindings/c/gtk4/navcore-gtk4.c bindings/c/gtk4/navcore-gtk4.h bindings/c/gtk4/navcore-gtk4.map \
               include/navcore.h | lib gtk-setup
	$(call helper-library,gtk4,gtk4)

check-helpers: helpers
	scripts/check-helper-lib.sh $(GLIB_HELPER) bindings/c/glib/navcore-glib.h
	scripts/check-helper-lib.sh $(GTK_HELPER) bindings/c/gtk4/navcore-gtk4.h

# make dist: the release tarball of the C library (docs/c-api.md, Install).
#
#   make dist    build/dist/navcore-VERSION-linux-ARCH.tar.gz: `make install`'s layout under one
#                top directory (packaging/install-tree.sh), plus README.md and LICENSE at its top.
#                Relocatable: pkg-config finds the prefix from ${pcfiledir}, CMake from the config
#                file's directory. The test that uses it without Swift is mk/noswift.mk's.

ARCH        := $(shell uname -m)
DIST_DIR    := build/dist
DIST_NAME   := navcore-$(VERSION)-linux-$(ARCH)
DIST_TARBALL := $(DIST_DIR)/$(DIST_NAME).tar.gz

.PHONY: dist

## dist: the tarball, entries sorted and owned by root, so that two builds of one library match.
dist: lib helpers
	rm -rf $(DIST_DIR)/$(DIST_NAME) && mkdir -p $(DIST_DIR)
	packaging/install-tree.sh $(DIST_DIR)/$(DIST_NAME) $(LIB_DIR) $(VERSION)
	install -m 644 packaging/README.dist.md $(DIST_DIR)/$(DIST_NAME)/README.md
	install -m 644 LICENSE $(DIST_DIR)/$(DIST_NAME)/LICENSE
	tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 -C $(DIST_DIR) -czf $(DIST_TARBALL).tmp $(DIST_NAME)
	mv -f $(DIST_TARBALL).tmp $(DIST_TARBALL)
	rm -rf $(DIST_DIR)/$(DIST_NAME)
	@echo "dist: $(DIST_TARBALL), $$(du -k $(DIST_TARBALL) | cut -f1) KB, $$(tar -tzf $(DIST_TARBALL) | wc -l) entries"

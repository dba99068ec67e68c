# DocC: the NavCore.docc catalog converted with the toolchain's `docc` (the
# swift-docc-plugin is not available offline), over the symbol graph of the NavCore module.
# Adds its step to TESTS.
#
#   make docs    build/docs/NavCore.doccarchive; fails on any DocC warning, and unless every
#                Swift block of the catalog's articles and of the Swift guides (DOCS_GUIDES) is
#                an excerpt of a compiled file (scripts/check-readme-examples.py, as for the
#                README)

DOCC        ?= $(dir $(realpath $(shell command -v $(SWIFT))))docc
DOCS_CATALOG := Sources/NavCore/NavCore.docc
DOCS_SCRATCH := .build/docs
DOCS_GRAPHS  := $(DOCS_SCRATCH)/symbol-graphs
DOCS_ARCHIVE := build/docs/NavCore.doccarchive
# The guides whose Swift blocks are excerpts of the sources (docs/integrating.md is mk/gtk.mk's).
DOCS_GUIDES  := docs/swift-concurrency.md docs/architecture.md

.PHONY: docs

docs: setup
	$(SWIFT) build --scratch-path $(DOCS_SCRATCH) --target NavCore \
	  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc $(CURDIR)/$(DOCS_GRAPHS) \
	  -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public
	@# NavCore's graph only: it holds the engine's vocabulary already (NavCore re-exports
	@# NavCoreEngine), whose own graph would add a second module with the same types.
	find $(DOCS_GRAPHS) -name '*.symbols.json' ! -name 'NavCore.symbols.json' ! -name 'NavCore@*' -delete
	@mkdir -p $(dir $(DOCS_ARCHIVE))
	set -o pipefail; $(DOCC) convert $(DOCS_CATALOG) --additional-symbol-graph-dir $(DOCS_GRAPHS) \
	  --fallback-display-name NavCore --fallback-bundle-identifier org.navcore.NavCore \
	  --output-path $(DOCS_ARCHIVE) --warnings-as-errors 2>&1 | tee $(DOCS_SCRATCH)/docc.log
	@! grep -q "warning:" $(DOCS_SCRATCH)/docc.log || { echo "docs: DocC warnings"; exit 1; }
	@for article in $(DOCS_CATALOG)/*.md $(DOCS_GUIDES); do $(PYTHON) scripts/check-readme-examples.py $$article || exit 1; done
	@echo "docs: $(DOCS_ARCHIVE), 0 warnings"

TESTS += docs

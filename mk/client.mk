# make client-package: Swift package hygiene. Tests/ClientPackage depends on the
# NavCore product the way an app's package would; building it must compile NavCore, the engine
# under it (NavCoreEngine) and the client only: no C target, no system library (CFFI's libffi),
# nothing to install first.
# The client is top-level code (main.swift) that awaits every op and checks that each had
# ended, compiled with warnings as errors: `try await nav.push(x)` there must be the awaiting
# form (docs/swift-concurrency.md, "The async surface"). Adds it to TESTS.

CLIENT_SCRATCH := build/client-package

TESTS += client-package

.PHONY: client-package

# A fresh scratch path each time: SwiftPM keeps the source list of a path dependency in its
# build description and does not notice files moved inside it ("missing inputs").
client-package: setup
	rm -rf $(CLIENT_SCRATCH)
	cd Tests/ClientPackage && $(SWIFT) build --product Client --scratch-path $(CURDIR)/$(CLIENT_SCRATCH) \
	  > $(CURDIR)/$(CLIENT_SCRATCH).log 2>&1 || { cat $(CURDIR)/$(CLIENT_SCRATCH).log; exit 1; }
	@compiled=$$(find $(CLIENT_SCRATCH) -name '*.o' -path '*.build/*' | sed 's|.*/\([^/]*\)\.build/.*|\1|' | sort -u | xargs); \
	  [ "$$compiled" = "Client NavCore NavCoreEngine" ] || \
	  { echo "client-package: compiled $$compiled, expected Client NavCore NavCoreEngine"; exit 1; }; \
	  echo "client-package: compiled only $$compiled"
	$$(find $(CLIENT_SCRATCH) -path '*/debug/Client' -type f | head -1)

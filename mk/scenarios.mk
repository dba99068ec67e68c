# The four scenario runners, compared (docs/scenarios.md). Adds compare-runners to
# TESTS.
#
#   make compare-runners      the Swift, C, Python and JavaScript runners (the last one's module
#                             and prerequisite are mk/wasm.mk's) on every project, shared and edge
#                             scenario and on GEN_COUNT generated ones: their reports (every
#                             trace line, every check's reading) must be identical byte for byte
#   make generate-scenarios   writes the generated scenarios to build/generated-scenarios
#                             (GEN_SEED, default 1, chooses them; the same seed, the same files)

GEN_DIR      := build/generated-scenarios
GEN_SEED     ?= 1
GEN_COUNT    ?= 100
SWIFT_RUNNER := .build/debug/navcore-scenario
PY_RUNNER    := env NAVCORE_LIBRARY=$(PY_LIBRARY) $(CURDIR)/$(PY_VENV)/bin/python -m navcore.scenario

TESTS += compare-runners

.PHONY: compare-runners generate-scenarios swift-runner

## swift-runner: only the Swift runner's product (what the comparison needs of the Swift side).
swift-runner: setup
	$(SWIFT) build --product navcore-scenario

generate-scenarios:
	$(PYTHON) scripts/generate-scenarios.py $(GEN_DIR) --seed $(GEN_SEED) --count $(GEN_COUNT)

compare-runners: lib swift-runner $(C_RUNNER) $(PY_GUARD) $(PY_STAMP) generate-scenarios
	scripts/compare-runners.sh swift=$(CURDIR)/$(SWIFT_RUNNER) c=$(CURDIR)/$(C_RUNNER) "python=$(PY_RUNNER)" "js=$(JS_RUNNER)" \
	  -- $(SCENARIO_DIRS) $(GEN_DIR)

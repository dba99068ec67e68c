# The generated tables (docs/generated.md). Adds check-generated to TESTS.
#
#   make generate          rewrites every generated region from its source: include/navcore.h's
#                          X-macro lists, prototypes and callback typedefs, and the fuzzer's
#                          Sources/navcore-fuzz/Command.swift
#   make check-generated   fails, naming each region, when a generated region is stale (a
#                          source changed without `make generate`, or a region was hand-edited)

TESTS += check-generated

.PHONY: generate check-generated

generate:
	$(PYTHON) scripts/generate.py

check-generated:
	$(PYTHON) scripts/generate.py --check

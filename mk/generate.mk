# The generated tables and the C API reference (docs/generated.md). Adds check-generated to TESTS.
#
#   make generate          rewrites every generated region and file from its source:
#                          include/navcore.h's X-macro lists, prototypes, callback typedefs and doc
#                          comments (docs/c-reference.md, bad_input's statuses), and the fuzzer's
#                          Sources/navcore-fuzz/Command.swift
#   make check-generated   fails, naming each region or file, when one is stale (a source changed
#                          without `make generate`, or generated text was edited by hand), or when
#                          a doc comment's tags disagree with its declaration

TESTS += check-generated

.PHONY: generate check-generated

generate:
	$(PYTHON) scripts/generate.py

check-generated:
	$(PYTHON) scripts/generate.py --check

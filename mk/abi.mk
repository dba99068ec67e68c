# The C ABI guard (docs/c-api.md, "How the ABI is guarded"; abi/README.md). Adds check-abi and
# test-check-abi to TESTS; check-abi is in `make check` too (about a second).
#
#   make check-abi        the ABI of include/navcore.h, as build/lib's library exports it, against
#                         the frozen abi/libnavcore.so.MAJOR.abi: a removed or changed function,
#                         struct layout or enum value fails with abidiff's report; additions pass
#   make test-check-abi   the guard's own test: changed copies of the header, each built into a
#                         throwaway library, fail or pass as the ABI policy says
#   make abi-baseline     writes abi/libnavcore.so.MAJOR.abi, once per SONAME: it refuses to write
#                         over an existing one (a change of a frozen ABI needs a new SONAME)

ABI_BASELINE := abi/libnavcore.so.$(MAJOR).abi
ABI_WORK     := build/abi

TESTS += check-abi test-check-abi

.PHONY: check-abi test-check-abi abi-baseline

check-abi: setup lib
	$(PYTHON) scripts/check-abi.py --work $(ABI_WORK) check $(ABI_BASELINE) $(LIB_DIR)/$(LIB_FILE)

test-check-abi: setup
	$(PYTHON) scripts/test-check-abi.py $(ABI_BASELINE)

abi-baseline: setup
	$(PYTHON) scripts/check-abi.py --work $(ABI_WORK) write $(ABI_BASELINE)

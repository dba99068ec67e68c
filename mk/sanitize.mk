# Sanitizers on the library itself, hostile callbacks and the short stress runs
# (docs/reliability.md). Adds test-hostile, test-asan and test-tsan-c to TESTS and
# includes mk/stress.mk (make stress, the long runs).
#
#   make lib-asan      build/sanitize/asan/lib: libnavcore built with -sanitize=address (same
#                      SONAME and export list as `make lib`)
#   make lib-tsan      build/sanitize/tsan/lib: libnavcore built with -sanitize=thread
#   make test-asan     against lib-asan, every C program built with ASan+UBSan (LeakSanitizer
#                      on): the C scenario runner on every scenario and the edge files,
#                      bad_input, hostile, misuse (but longjmp), a short C stress, and a canary proving the
#                      library itself is instrumented
#   make test-tsan-c   against lib-tsan, built with TSan: hostile, misuse's races, ask_outcome (a
#                      registration replaced while a wakeup runs; lookups racing destroy),
#                      family_threads (crossing merges, one driver per family) and a short C stress
#   make test-hostile  against the shipped library: hostile (plain and under valgrind memcheck),
#                      its function list against the header, misuse (races, fork,
#                      longjmp, small stacks, the last TLS-destructor round under valgrind),
#                      unload (dlclose, then a thread exits), the short RSS run, family_threads,
#                      a short C stress
#
# The sanitizer builds use the Swift toolchain's clang: its compiler-rt runtime is the one
# swiftc instrumented the library for (gcc's libasan/libtsan are other versions). The C
# programs are the instrumented main executables, so the runtime is linked into them and no
# LD_PRELOAD is needed. No LeakSanitizer or TSan suppressions: neither libnavcore nor the
# Swift runtime reports anything here. (swiftc has no -sanitize=undefined on Linux: UBSan
# covers the C programs only; Swift code traps on overflow and bounds by itself.)

SAN_DIR       := build/sanitize
SAN_TOOLCHAIN := $(dir $(realpath $(shell command -v $(SWIFT))))
SAN_CC        ?= $(SAN_TOOLCHAIN)clang
SAN_RUNTIME   := $(abspath $(SAN_TOOLCHAIN)../lib/swift/linux)
SAN_LIB_BUILD := $(SWIFT) build -c release --product navcore -Xlinker -soname -Xlinker libnavcore.so.$(MAJOR) \
                 -Xlinker --version-script=$(CURDIR)/scripts/navcore.map -Xlinker -z -Xlinker nodelete
SAN_CFLAGS    := $(C_WARN) -O1 -g -fno-omit-frame-pointer -fuse-ld=lld -pthread -Iinclude
SAN_ASAN_CFLAGS := $(SAN_CFLAGS) -fsanitize=address,undefined -fno-sanitize-recover=all
# TSan's runtime intercepts libdispatch, so it links against the Swift toolchain's copy.
SAN_TSAN_CFLAGS := $(SAN_CFLAGS) -fsanitize=thread
SAN_TSAN_LIBS   := -L$(SAN_RUNTIME) -ldispatch -lBlocksRuntime -Wl,-rpath,$(SAN_RUNTIME)
# Their own exit code (86; ASan and UBSan share one), so that a report is never taken for a
# program's own failure (the runner exits 1 on the edge files on purpose). The Swift runtime's
# backtracer is off so that it does not race the sanitizers' reports.
SAN_ASAN_ENV  := SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1:exitcode=86 \
                 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=86
SAN_TSAN_ENV  := SWIFT_BACKTRACE=enable=no TSAN_OPTIONS=halt_on_error=1:exitcode=66:second_deadlock_stack=1
# The short stress of make test (make stress runs 100,000 ops per thread).
SAN_STRESS    := --ops 2000 --timeout 300

ASAN_LIB_DIR  := $(SAN_DIR)/asan/lib
TSAN_LIB_DIR  := $(SAN_DIR)/tsan/lib
ASAN_BIN      := $(SAN_DIR)/asan/bin
TSAN_BIN      := $(SAN_DIR)/tsan/bin
ASAN_LINK     := -L$(ASAN_LIB_DIR) -lnavcore -Wl,-rpath,$(CURDIR)/$(ASAN_LIB_DIR)
TSAN_LINK     := -L$(TSAN_LIB_DIR) -lnavcore -Wl,-rpath,$(CURDIR)/$(TSAN_LIB_DIR)

C_HOSTILE     := $(C_DIR)/hostile
C_STRESS      := $(C_DIR)/stress
C_MISUSE      := $(C_DIR)/misuse
C_UNLOAD      := $(C_DIR)/unload
C_RSS         := $(C_DIR)/rss
C_FAMILY      := $(C_DIR)/family_threads
HOSTILE_SRC   := bindings/c/tests/hostile.c
STRESS_SRC    := bindings/c/tests/stress.c
# The short RSS run of make test (make stress runs 1,000,000 cycles; bindings/c/tests/rss.c).
RSS_SHORT     := --cycles 100000 --bound-kb 1024
CANARY_SRC    := bindings/c/tests/asan_canary.c

TESTS += test-hostile test-asan test-tsan-c

.PHONY: lib-asan lib-tsan test-asan test-tsan-c test-hostile

# $(call san-lib,SANITIZER,SCRATCH,DIR,PROBE): the library built with a sanitizer into DIR,
# named like build/lib's; PROBE is a symbol only an instrumented library imports.
define san-lib
$(SAN_LIB_BUILD) --sanitize=$(1) --scratch-path $(2)
@mkdir -p $(3)
install -m 755 $(2)/release/libnavcore.so $(3)/libnavcore.so.$(VERSION)
ln -sf libnavcore.so.$(VERSION) $(3)/libnavcore.so.$(MAJOR)
ln -sf libnavcore.so.$(MAJOR) $(3)/libnavcore.so
@nm -D --undefined-only $(3)/libnavcore.so | grep -qw $(4) || { echo "$(3): the library is not instrumented ($(4) missing)"; exit 1; }
endef

## lib-asan / lib-tsan: the library instrumented with AddressSanitizer / ThreadSanitizer.
lib-asan: setup
	$(call san-lib,address,.build/asan,$(ASAN_LIB_DIR),__asan_init)

lib-tsan: setup
	$(call san-lib,thread,.build/tsan-lib,$(TSAN_LIB_DIR),__tsan_init)

# ---- programs -------------------------------------------------------------------------------

$(ASAN_BIN)/navcore-scenario-c: $(C_RUNNER_SRC) $(C_RUNNER_HDR) include/navcore.h | lib-asan
	$(call c-program,$(SAN_CC) $(SAN_ASAN_CFLAGS) -D_POSIX_C_SOURCE=200809L $(C_FFI_CFLAGS),$(C_RUNNER_SRC),$(ASAN_LINK) $(C_RUNNER_LIBS))

$(ASAN_BIN)/%: bindings/c/tests/%.c include/navcore.h | lib-asan
	$(call c-program,$(SAN_CC) $(SAN_ASAN_CFLAGS),$<,$(ASAN_LINK) -lm)

$(TSAN_BIN)/%: bindings/c/tests/%.c include/navcore.h | lib-tsan
	$(call c-program,$(SAN_CC) $(SAN_TSAN_CFLAGS),$<,$(TSAN_LINK) $(SAN_TSAN_LIBS) -lm)

$(C_HOSTILE): $(HOSTILE_SRC) include/navcore.h | lib
	$(call c-program,$(C_CC) $(C_WARN) $(C_OPT) -pthread -Iinclude,$<,$(C_LINK_LIB))

$(C_STRESS) $(C_RSS): $(C_DIR)/%: bindings/c/tests/%.c include/navcore.h | lib
	$(call c-program,$(C_CC) $(C_WARN) -O2 -g -pthread -Iinclude,$<,$(C_LINK_LIB))

$(C_MISUSE) $(C_FAMILY): $(C_DIR)/%: bindings/c/tests/%.c include/navcore.h | lib
	$(call c-program,$(C_CC) $(C_WARN) $(C_OPT) -pthread -Iinclude,$<,$(C_LINK_LIB))

# Not linked with navcore: it loads the library itself.
$(C_UNLOAD): bindings/c/tests/unload.c
	$(call c-program,$(C_CC) $(C_WARN) $(C_OPT) -pthread,$<,-ldl)

# ---- the steps ------------------------------------------------------------------------------

## test-asan: the C programs with ASan+UBSan against the ASan build of the library.
test-asan: lib-asan $(ASAN_BIN)/navcore-scenario-c $(ASAN_BIN)/bad_input $(ASAN_BIN)/hostile $(ASAN_BIN)/stress \
           $(ASAN_BIN)/misuse $(ASAN_BIN)/asan_canary
	@echo "test-asan: the library under test: $(ASAN_LIB_DIR)/libnavcore.so (-sanitize=address)"
	@$(RUN_STEP) "test-asan: scenarios" $(ASAN_BIN)/scenarios.out env $(SAN_ASAN_ENV) $(ASAN_BIN)/navcore-scenario-c $(SCENARIO_DIRS)
	@$(RUN_STEP) --status 1 "test-asan: $(C_EDGE) (failing on purpose)" $(ASAN_BIN)/edge.out \
	  env $(SAN_ASAN_ENV) $(ASAN_BIN)/navcore-scenario-c $(C_EDGE)
	@$(RUN_STEP) "test-asan: bad_input" $(ASAN_BIN)/bad_input.out env $(SAN_ASAN_ENV) $(ASAN_BIN)/bad_input
	@$(RUN_STEP) "test-asan: hostile" $(ASAN_BIN)/hostile.out env $(SAN_ASAN_ENV) $(ASAN_BIN)/hostile
	@# Not longjmp: the navigator it wedges is leaked on purpose (docs/c-api.md).
	@$(RUN_STEP) "test-asan: misuse" $(ASAN_BIN)/misuse.out env $(SAN_ASAN_ENV) $(ASAN_BIN)/misuse wakeup-replace done-replace fork destroy-race small-stack
	@$(RUN_STEP) "test-asan" $(ASAN_BIN)/stress.out env $(SAN_ASAN_ENV) $(ASAN_BIN)/stress $(SAN_STRESS)
	@# The canary must be stopped by a report from inside the library.
	@status=0; $(SAN_ASAN_ENV) $(ASAN_BIN)/asan_canary > $(ASAN_BIN)/canary.out 2>&1 || status=$$?; \
	  if [ $$status -ne 86 ] || ! grep -q 'heap-buffer-overflow' $(ASAN_BIN)/canary.out \
	     || ! grep -q 'in navcore_stack_copy' $(ASAN_BIN)/canary.out; then \
	    cat $(ASAN_BIN)/canary.out; echo "test-asan: the canary was not caught inside the library (status $$status)"; exit 1; fi; \
	  echo "test-asan: canary: ASan caught the planted overflow inside navcore_stack_copy"
	@echo "test-asan: all passed"

## test-tsan-c: hostile, misuse's races and the short stress with TSan against the TSan build of the library.
test-tsan-c: lib-tsan $(TSAN_BIN)/hostile $(TSAN_BIN)/stress $(TSAN_BIN)/misuse $(TSAN_BIN)/ask_outcome $(TSAN_BIN)/family_threads
	@$(RUN_STEP) "test-tsan-c: hostile" $(TSAN_BIN)/hostile.out env $(SAN_TSAN_ENV) $(TSAN_BIN)/hostile
	@$(RUN_STEP) "test-tsan-c: misuse" $(TSAN_BIN)/misuse.out env $(SAN_TSAN_ENV) $(TSAN_BIN)/misuse wakeup-replace done-replace destroy-race
	@$(RUN_STEP) "test-tsan-c: ask_outcome" $(TSAN_BIN)/ask_outcome.out env $(SAN_TSAN_ENV) $(TSAN_BIN)/ask_outcome
	@$(RUN_STEP) "test-tsan-c: family_threads" $(TSAN_BIN)/family_threads.out env $(SAN_TSAN_ENV) $(TSAN_BIN)/family_threads
	@$(RUN_STEP) "test-tsan-c" $(TSAN_BIN)/stress.out env $(SAN_TSAN_ENV) $(TSAN_BIN)/stress --ops 1000 --timeout 300

## test-hostile: hostile callbacks against the shipped library, plain and under memcheck.
test-hostile: lib $(C_HOSTILE) $(C_STRESS) $(C_MISUSE) $(C_UNLOAD) $(C_RSS) $(C_FAMILY)
	@# Every function of the header, no more, no fewer (as scripts/check-header.sh reads them).
	@diff -u <(gcc -E -P -Iinclude include/navcore.h | grep -oE '\bnavcore_[a-z_]+ *\(' | tr -d ' (' | sort -u) \
	  <($(C_HOSTILE) --functions | sort) || { echo "test-hostile: hostile's function list differs from navcore.h"; exit 1; }
	@$(RUN_STEP) "test-hostile" $(C_DIR)/hostile.out $(C_HOSTILE)
	@$(RUN_STEP) "test-hostile: under valgrind" $(C_DIR)/hostile-valgrind.out $(C_VALGRIND) --error-exitcode=99 $(C_HOSTILE)
	@$(RUN_STEP) "test-hostile: misuse" $(C_DIR)/misuse.out $(C_MISUSE)
	@# The documented leak of the last TLS-destructor round: one block, the message, no other.
	valgrind --leak-check=full --log-file=$(C_DIR)/tls-last-round.vg $(C_MISUSE) tls-last-round > $(C_DIR)/tls-last-round.out
	@bytes=$$(sed -n 's/^tls-last-round: leaked message bytes: //p' $(C_DIR)/tls-last-round.out); \
	  grep -q "definitely lost: $$bytes bytes in 1 blocks" $(C_DIR)/tls-last-round.vg || { \
	    cat $(C_DIR)/tls-last-round.vg; echo "test-hostile: the last TLS round leaked other than one $$bytes-byte message"; exit 1; }; \
	  echo "test-hostile: the last TLS-destructor round leaks one message ($$bytes bytes), as documented"
	@$(RUN_STEP) "test-hostile: unload" $(C_DIR)/unload.out $(C_UNLOAD) $(CURDIR)/$(LIBRARY)
	@$(RUN_STEP) "test-hostile: rss" $(C_DIR)/rss.out $(C_RSS) $(RSS_SHORT)
	@$(RUN_STEP) "test-hostile: family_threads" $(C_DIR)/family_threads.out $(C_FAMILY)
	$(C_STRESS) $(SAN_STRESS)

include mk/stress.mk

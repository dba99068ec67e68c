# The C side: programs built by gcc against build/lib/libnavcore.so (the shipped library).
# Adds its steps to TESTS and SCENARIO_RUNNERS.
#
#   make scenarios-c FILES=…  the C scenario runner (bindings/c/scenario) on FILES
#   make test-c               runner, bad_input, the deprecated names, ASan+UBSan, valgrind, docs table,
#                             the runner's progress lines with an fma that rounds twice
#                             (the comparison of the three runners is mk/scenarios.mk's)
#   make example-c            install under build/install, build bindings/c/examples/host.c with
#                             pkg-config against that tree, run it

C_CC        ?= gcc
C_DIR       := build/c
C_WARN      := -std=c11 -Wall -Wextra -Werror
C_OPT       := -O1 -g
C_SANITIZE  := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
C_LINK_LIB  := -L$(LIB_DIR) -lnavcore -Wl,-rpath,$(CURDIR)/$(LIB_DIR)
# No LSan suppressions: neither libnavcore nor the Swift runtime reports a leak here.
C_ASAN_ENV  := ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1
C_VALGRIND  := valgrind -q --leak-check=full --errors-for-leak-kinds=definite --show-possibly-lost=no

C_RUNNER_SRC := $(wildcard bindings/c/scenario/*.c)
C_RUNNER_HDR := $(wildcard bindings/c/scenario/*.h)
C_RUNNER     := $(C_DIR)/navcore-scenario-c
C_RUNNER_ASAN := $(C_DIR)/asan/navcore-scenario-c
C_BAD        := $(C_DIR)/bad_input
C_BAD_ASAN   := $(C_DIR)/asan/bad_input
C_DEPRECATED := $(C_DIR)/deprecated
C_ASK_OUTCOME := $(C_DIR)/ask_outcome
C_FMA_TWICE  := $(C_DIR)/libfma_twice.so
C_EDGE       := bindings/c/tests/edge
C_DOC        := docs/c-api.md
C_EXAMPLE_PREFIX := build/install
RUN_STEP     := scripts/run-step.sh

TESTS            += test-c example-c
SCENARIO_RUNNERS += scenarios-c

.PHONY: scenarios-c test-c example-c c-programs c-run-scenarios c-asan c-valgrind c-bad-input c-deprecated c-doc-table \
        c-fma-twice c-ask-outcome

# $(call c-program,COMPILER AND FLAGS,SOURCES,LIBRARIES): the recipe of every C program of the
# project (here, mk/sanitize.mk, mk/bench.mk): builds $@ from SOURCES, making its directory.
define c-program
@mkdir -p $(@D)
$(1) $(2) -o $@ $(3)
endef

# Every callback of the runner is a libffi closure, hence libffi (read when a recipe runs,
# after `setup` installed it).
C_FFI_CFLAGS    = $(shell pkg-config --cflags libffi)
C_FFI_LIBS      = $(shell pkg-config --libs libffi)
C_RUNNER_FLAGS  = $(C_WARN) $(C_OPT) -D_POSIX_C_SOURCE=200809L -Iinclude $(C_FFI_CFLAGS)
C_RUNNER_LIBS   = $(C_FFI_LIBS) -lm

$(C_RUNNER): $(C_RUNNER_SRC) $(C_RUNNER_HDR) include/navcore.h | lib
	$(call c-program,$(C_CC) $(C_RUNNER_FLAGS),$(C_RUNNER_SRC),$(C_LINK_LIB) $(C_RUNNER_LIBS))

$(C_RUNNER_ASAN): $(C_RUNNER_SRC) $(C_RUNNER_HDR) include/navcore.h | lib
	$(call c-program,$(C_CC) $(C_RUNNER_FLAGS) $(C_SANITIZE),$(C_RUNNER_SRC),$(C_LINK_LIB) $(C_RUNNER_LIBS))

$(C_BAD): bindings/c/tests/bad_input.c include/navcore.h | lib
	$(call c-program,$(C_CC) $(C_WARN) $(C_OPT) -pthread -Iinclude,$<,$(C_LINK_LIB) -lm)

$(C_BAD_ASAN): bindings/c/tests/bad_input.c include/navcore.h | lib
	$(call c-program,$(C_CC) $(C_WARN) $(C_OPT) $(C_SANITIZE) -pthread -Iinclude,$<,$(C_LINK_LIB) -lm)

# The deprecated names of navcore.h, called on purpose (the program silences their warnings).
$(C_DEPRECATED): bindings/c/tests/deprecated.c include/navcore.h | lib
	$(call c-program,$(C_CC) $(C_WARN) $(C_OPT) -Iinclude,$<,$(C_LINK_LIB))

$(C_ASK_OUTCOME): bindings/c/tests/ask_outcome.c include/navcore.h | lib
	$(call c-program,$(C_CC) $(C_WARN) $(C_OPT) -pthread -Iinclude,$<,$(C_LINK_LIB))

# An fma that rounds twice, as newlib's does (bindings/c/tests/fma_twice.c), to preload.
$(C_FMA_TWICE): bindings/c/tests/fma_twice.c
	$(call c-program,$(C_CC) $(C_WARN) -O1 -shared -fPIC,$<,)

c-programs: $(C_RUNNER) $(C_RUNNER_ASAN) $(C_BAD) $(C_BAD_ASAN) $(C_DEPRECATED) $(C_FMA_TWICE) $(C_ASK_OUTCOME)

## scenarios-c: the C runner on FILES (default: the project's and the shared scenarios).
scenarios-c: lib $(C_RUNNER)
	$(C_RUNNER) $(FILES)

## test-c: every C check.
test-c: lib c-programs c-run-scenarios c-asan c-valgrind c-bad-input c-deprecated c-doc-table c-fma-twice c-ask-outcome
	@echo "test-c: all passed"

c-run-scenarios: $(C_RUNNER)
	@$(RUN_STEP) c-run-scenarios $(C_DIR)/scenarios.out $(C_RUNNER) $(SCENARIO_DIRS)

# Under ASan+UBSan (the programs are the instrumented main executables, so no LD_PRELOAD is
# needed for libnavcore.so and the Swift runtime). The edge files fail on purpose (exit 1);
# any other status is a sanitizer's report.
c-asan: $(C_RUNNER_ASAN) $(C_BAD_ASAN)
	@$(RUN_STEP) c-asan $(C_DIR)/asan/scenarios.out env $(C_ASAN_ENV) $(C_RUNNER_ASAN) $(SCENARIO_DIRS)
	@$(RUN_STEP) --status 1 "c-asan: $(C_EDGE) (failing on purpose)" $(C_DIR)/asan/edge.out \
	  env $(C_ASAN_ENV) $(C_RUNNER_ASAN) $(C_EDGE)
	@$(RUN_STEP) "c-asan: bad_input" $(C_DIR)/asan/bad_input.out env $(C_ASAN_ENV) $(C_BAD_ASAN)

# Under valgrind memcheck: zero errors and no definite leak.
c-valgrind: $(C_RUNNER)
	@$(RUN_STEP) c-valgrind $(C_DIR)/valgrind.out $(C_VALGRIND) --error-exitcode=99 $(C_RUNNER) $(SCENARIO_DIRS)
	@$(RUN_STEP) --status 1 "c-valgrind: $(C_EDGE) (failing on purpose)" $(C_DIR)/valgrind-edge.out \
	  $(C_VALGRIND) --error-exitcode=99 $(C_RUNNER) $(C_EDGE)

## c-fma-twice: the runner's progress lines (their tie test needs an exact product error) hold
## with a C library whose fma rounds twice, as the firmware's newlib does (mk/mcu.mk).
c-fma-twice: $(C_RUNNER) $(C_FMA_TWICE)
	@$(RUN_STEP) c-fma-twice $(C_DIR)/fma-twice.out env LD_PRELOAD=$(CURDIR)/$(C_FMA_TWICE) \
	  $(C_RUNNER) Tests/Scenarios/30-progress-rounding.nav spec/scenarios/20-clarifications.nav

c-bad-input: $(C_BAD)
	$(C_BAD)

## c-ask-outcome: navcore_ask_outcome reports each op once, at its call or through done.
c-ask-outcome: $(C_ASK_OUTCOME)
	$(C_ASK_OUTCOME)

## c-deprecated: each deprecated name links and behaves as the function it names.
c-deprecated: $(C_DEPRECATED)
	$(C_DEPRECATED)

# docs/c-api.md's table of bad inputs is bad_input's own: it cannot drift.
c-doc-table: $(C_BAD)
	@$(C_BAD) --markdown > $(C_DIR)/bad-input-table.md
	@sed -n '/^<!-- BEGIN bad-input table/,/^<!-- END bad-input table/p' $(C_DOC) | sed '1d;$$d' > $(C_DIR)/bad-input-table.doc.md
	@diff -u $(C_DIR)/bad-input-table.doc.md $(C_DIR)/bad-input-table.md || { \
	  echo "c-doc-table: $(C_DOC) differs from '$(C_BAD) --markdown' (- doc, + program); paste the program's table between the markers"; exit 1; }
	@echo "c-doc-table: $(C_DOC) matches bad_input's $$(grep -c '^| `navcore_' $(C_DIR)/bad-input-table.md) table rows"

## example-c: the documentation host, built the way a user builds it: installed tree + pkg-config.
example-c: lib
	$(MAKE) --no-print-directory install PREFIX=$(C_EXAMPLE_PREFIX)
	@mkdir -p $(C_DIR)
	PKG_CONFIG_PATH=$(CURDIR)/$(C_EXAMPLE_PREFIX)/lib/pkgconfig; export PKG_CONFIG_PATH; \
	  $(C_CC) $(C_WARN) bindings/c/examples/host.c -o $(C_DIR)/host $$(pkg-config --cflags --libs navcore)
	$(C_DIR)/host

# The microcontroller build (docs/firmware.md): the embedded core for armv7em-none-none-eabi
# (a Cortex-M4 or M7) as a static library, and two firmware images for QEMU's mps2-an386 board
# (a Cortex-M4) that print through semihosting. Adds test-mcu to TESTS.
#
#   make mcu         build/mcu/lib/libnavcore.a (the core and the Unicode tables it needs) and
#                    build/mcu/include/navcore.h (the header, as on Linux); the firmware images
#                    build/mcu/navcore-scenarios.elf (every scenario, run by the C scenario
#                    runner's code, its texts compiled in) and build/mcu/navcore-memory.elf (the
#                    memory probe make bench reads), each with its linker map
#   make test-mcu    runs navcore-scenarios.elf under qemu-system-arm and compares its report,
#                    byte for byte, and its exit status with the Linux C runner's on the same
#                    files (scripts/test-mcu.sh)
#
# The Swift objects come from swiftc, as `make embedded` builds them (scripts/check-embedded.py,
# which also checks their undefined symbols); the C code (the runner, the board's start, the
# hooks) from Debian's arm-none-eabi-gcc against newlib, with librdimon for semihosting. Both
# use the same ABI: swiftc's armv7em-none-none-eabi is a Cortex-M4 with its single-precision FPU
# and the base procedure call standard (doubles in core registers), which gcc calls
# -mfloat-abi=softfp -mfpu=fpv4-sp-d16.

MCU_DIR       := build/mcu
MCU_TARGET    := armv7em-none-none-eabi
MCU_CORE      := $(MCU_DIR)/core/$(MCU_TARGET)
MCU_LIB       := $(MCU_DIR)/lib/libnavcore.a
MCU_HEADER    := $(MCU_DIR)/include/navcore.h
MCU_SCENARIOS := $(MCU_DIR)/navcore-scenarios.elf
MCU_MEMORY    := $(MCU_DIR)/navcore-memory.elf
MCU_TEXTS     := $(MCU_DIR)/scenario_texts.c
MCU_UNICODE   := $(realpath $(SWIFT_BIN)/..)/lib/swift/embedded/$(MCU_TARGET)/libswiftUnicodeDataTables.a
MCU_SWIFT_SRC := $(shell find Sources/NavCoreEngine Sources/NavCoreC -name '*.swift')

MCU_CC        := arm-none-eabi-gcc
MCU_AR        := arm-none-eabi-ar
MCU_ARCH      := -mcpu=cortex-m4 -mthumb -mfloat-abi=softfp -mfpu=fpv4-sp-d16
MCU_CFLAGS    := $(MCU_ARCH) -std=c11 -Wall -Wextra -Werror -Os -g -ffunction-sections -fdata-sections \
                 -I$(MCU_DIR)/include -Iembedded/mcu
# --no-enum-size-warning: gcc's newlib uses short enums, swiftc's objects 32-bit ones; navcore.h
# passes every enumeration as an int, so no enum crosses between them. --no-warn-execstack:
# newlib's crtn.o has no .note.GNU-stack, which means nothing on a Cortex-M.
MCU_LDFLAGS   := $(MCU_ARCH) --specs=rdimon.specs -T embedded/mcu/mps2-an386.ld -Wl,--gc-sections \
                 -Wl,--no-enum-size-warning -Wl,--no-warn-execstack
MCU_BOARD     := embedded/mcu/startup.c embedded/mcu/platform.c
MCU_BOARD_HDR := embedded/mcu/board.h embedded/mcu/mps2-an386.ld
# The C scenario runner's code, but for its file reading (navcore_scenario.c) and its libffi
# closures (callbacks_ffi.c), which the firmware replaces with texts compiled in and direct calls.
MCU_RUNNER    := $(filter-out %/navcore_scenario.c %/callbacks_ffi.c,$(C_RUNNER_SRC)) \
                 embedded/mcu/callbacks_direct.c embedded/mcu/scenarios.c
MCU_QEMU      := qemu-system-arm -M mps2-an386 -nographic -monitor none -serial none \
                 -semihosting-config enable=on,target=native -kernel

TESTS += test-mcu

.PHONY: mcu test-mcu mcu-setup

## mcu-setup: the Debian packages of the firmware: the Arm bare-metal gcc, newlib, QEMU.
mcu-setup:
	@command -v $(MCU_CC) >/dev/null && command -v qemu-system-arm >/dev/null && \
	  [ -f /usr/lib/arm-none-eabi/lib/thumb/v7e-m+fp/softfp/librdimon.a ] || { \
	  echo "mcu-setup: installing gcc-arm-none-eabi, libnewlib-arm-none-eabi, qemu-system-arm"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq --no-install-recommends \
	    gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm >/dev/null; }

mcu: $(MCU_LIB) $(MCU_HEADER) $(MCU_SCENARIOS) $(MCU_MEMORY)

# The two objects of the embedded core, compiled and checked as `make embedded` does.
$(MCU_CORE)/NavCoreC.o: $(MCU_SWIFT_SRC) include/navcore.h scripts/check-embedded.py embedded/undefined-symbols.txt
	$(PYTHON) scripts/check-embedded.py --toolchain $(SWIFT_BIN) --work $(MCU_DIR)/core $(MCU_TARGET)

# The static library a firmware links: the core's two objects and the toolchain's Unicode tables.
$(MCU_LIB): $(MCU_CORE)/NavCoreC.o $(MCU_UNICODE) | mcu-setup
	@rm -rf $(MCU_DIR)/unicode $@ && mkdir -p $(MCU_DIR)/unicode $(@D)
	cd $(MCU_DIR)/unicode && $(MCU_AR) x $(MCU_UNICODE)
	$(MCU_AR) rcs $@ $(MCU_CORE)/NavCoreEngine.o $(MCU_CORE)/NavCoreC.o $(MCU_DIR)/unicode/*.o

$(MCU_HEADER): include/navcore.h
	@mkdir -p $(@D)
	cp $< $@

# The scenario files, and their directories (a file added or removed changes a directory), and
# the list of planned files (a file added to it is older than the texts).
$(MCU_TEXTS): scripts/embed-scenarios.py $(filter %.nav,$(SCENARIO_DIRS)) $(filter-out %.nav,$(SCENARIO_DIRS)) \
              $(wildcard $(addsuffix /*.nav,$(filter-out %.nav,$(SCENARIO_DIRS)))) Tests/planned-scenarios.txt
	@mkdir -p $(@D)
	$(PYTHON) scripts/embed-scenarios.py $@ $(SCENARIO_DIRS)

# $(call mcu-image,SOURCES): links $@ (and its map, $@.map) from SOURCES, the board and the library.
define mcu-image
$(MCU_CC) $(MCU_CFLAGS) $(1) $(MCU_BOARD) $(MCU_LDFLAGS) -Wl,-Map=$@.map -L$(MCU_DIR)/lib -lnavcore -lm -o $@
endef

$(MCU_SCENARIOS): $(MCU_RUNNER) $(C_RUNNER_HDR) $(MCU_TEXTS) embedded/mcu/scenario_texts.h $(MCU_BOARD) $(MCU_BOARD_HDR) \
                  $(MCU_LIB) $(MCU_HEADER)
	$(call mcu-image,-Ibindings/c/scenario $(MCU_RUNNER) $(MCU_TEXTS))

$(MCU_MEMORY): embedded/mcu/memory.c $(MCU_BOARD) $(MCU_BOARD_HDR) $(MCU_LIB) $(MCU_HEADER)
	$(call mcu-image,embedded/mcu/memory.c)

## test-mcu: the firmware's scenario run under QEMU, held to the Linux C runner's report.
test-mcu: $(MCU_SCENARIOS) $(C_RUNNER)
	scripts/test-mcu.sh $(MCU_DIR)/test "$(C_RUNNER)" "$(MCU_QEMU) $(MCU_SCENARIOS)" $(SCENARIO_DIRS)

/* libffi for the C-ABI tests: callback trampolines made at run time. */
#include <ffi.h>

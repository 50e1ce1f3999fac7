// Everything else is `static inline` in the header; this file defines each global the header declares `extern`, once,
// so that every module that includes the header reads the same word.
#include "AmbientAtomics.h"

uintptr_t ambient_test_root_provider = 0;
uintptr_t ambient_trace_switch = 0;

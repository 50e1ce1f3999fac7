// Everything else is `static inline` in the header; this file holds the one global it declares.
#include "AmbientAtomics.h"

uintptr_t ambient_test_root_provider = 0;
uintptr_t ambient_trace_switch = 0;
uintptr_t ambient_reads_generation = 0;

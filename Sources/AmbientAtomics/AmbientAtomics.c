// NB: SwiftPM builds a C target only if it has a source file; everything is `static inline` in the header.
#include "AmbientAtomics.h"

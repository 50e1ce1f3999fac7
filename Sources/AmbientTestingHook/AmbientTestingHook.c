#include "AmbientTestingHook.h"

// Runs when the test binary (or bundle) is loaded, before any test: every test then gets a root of its own.
__attribute__((constructor)) static void ambient_testing_load(void) {
    ambient_testing_install();
}

// Installs AmbientTesting's hooks when the binary that links it is loaded, so that no test needs setup code.
//
// The constructor in AmbientTestingHook.c calls `ambient_testing_install`, which AmbientTesting defines in Swift
// (`TestHooksInstallation.swift`). Nothing here is meant to be called.

#ifndef AMBIENT_TESTING_HOOK_H
#define AMBIENT_TESTING_HOOK_H

/// Defined by AmbientTesting: installs its test-root provider into Ambient's core.
extern void ambient_testing_install(void);

#endif

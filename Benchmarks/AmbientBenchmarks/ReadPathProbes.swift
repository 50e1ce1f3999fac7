// Reads that CI disassembles (`.ci/read-path-retains`): one per kind of owner and dependency, kept out of line so
// that each has a symbol of its own. The timed reads inline the same getters into their loops.

/// A struct owner's read of a value-type dependency.
@inline(never) func probeStructOwnerValueRead(_ owner: SettingsOwner) -> BenchSettings { owner.settings }

/// A struct owner's read of a class-type dependency.
@inline(never) func probeStructOwnerClassRead(_ owner: Owner) -> BenchClient { owner.client }

/// A `DependencyOwner` subclass's read of a value-type dependency.
@inline(never) func probeDependencyOwnerValueRead(_ owner: OwningSettingsOwner) -> BenchSettings { owner.settings }

/// A `DependencyOwner` subclass's read of a class-type dependency.
@inline(never) func probeDependencyOwnerClassRead(_ owner: OwningClassOwner) -> BenchClient { owner.client }

/// Runs every probe once, so that none is stripped from the binary, and checks that they agree.
func runReadPathProbes() {
    let settings = probeStructOwnerValueRead(SettingsOwner())
    let owned = probeDependencyOwnerValueRead(OwningSettingsOwner())
    precondition(settings.retries == owned.retries, "the owners read different settings")
    precondition(
        probeStructOwnerClassRead(Owner()) === probeDependencyOwnerClassRead(OwningClassOwner()),
        "the owners read different clients")
}

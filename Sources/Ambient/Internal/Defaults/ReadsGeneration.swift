import AmbientAtomics

/// How many times the reads of some default grew, in any root: what a scope's cached `@Dependency` values are
/// valid for.
///
/// A key's reads are the union of what all its creations read (``KeyInfo/reads``), and decide which scope's
/// instance a read gets. When a creation reads more than the ones before it, a scope that overrides one of the new
/// reads gets an instance of its own from then on, so a value a key path cached there before is stale. Reads grow
/// rarely (a default that reads different keys on different runs), so one process-wide count, advanced by every
/// growth and compared by every cached read, costs a load where per-key bookkeeping would cost every read more.
enum ReadsGeneration {
    /// The current generation.
    static var current: UInt { ambient_load_reads_generation() }

    /// Starts a new generation, after a key's grown reads are published.
    static func advance() {
        ambient_advance_reads_generation()
    }
}

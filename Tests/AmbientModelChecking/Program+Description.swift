import Ambient

extension Program: CustomStringConvertible {
    /// The program as the Swift that makes it: each key, root and step on a line of its own, the steps a step nests
    /// below it, indented, and every part left as it is by default (an empty list, `nil`, `false`, one thread, a struct) omitted: a failing
    /// program pasted into a test is that program.
    var description: String { Self.source(of: self) }

    /// Swift that makes `value`, as ``description`` writes it; with `elidingBodies`, on one line, the steps it nests
    /// written `[…]` (how a failure names the step it stopped at).
    static func source(of value: Any, indent: String = "", elidingBodies: Bool = false) -> String {
        func arguments(_ parts: [Mirror.Child]) -> String {
            let written = parts.compactMap { label, value -> String? in
                let part = source(of: value, indent: indent, elidingBodies: elidingBodies)
                let written = (label.map { $0.hasPrefix(".") ? "" : $0 + ": " } ?? "") + part
                let isDefault = ["nil", "false"].contains(part) || part == "[]" && label != "body"
                return isDefault || ["threads: 1", "shape: .value"].contains(written) ? nil : written
            }
            return "(" + written.joined(separator: ", ") + ")"
        }
        let mirror = Mirror(reflecting: value)
        switch (value, mirror.displayStyle) {
        case (let context as DependencyContext, _): return ".\(context.id)"
        case (let list as [Any], _)
        where !list.isEmpty && (value is [Step] || value is [KeyBehavior] || value is [RootRun]):
            guard !elidingBodies else { return "[…]" }
            let inner = indent + "    "
            return "[\n" + list.map { inner + source(of: $0, indent: inner) + ",\n" }.joined() + indent + "]"
        case (let list as [Any], _): return "[" + list.map { source(of: $0) }.joined(separator: ", ") + "]"
        case (_, .optional?): return mirror.children.first.map { source(of: $0.value, indent: indent) } ?? "nil"
        case (_, .struct?):
            // A type nested in another is written `.init`, as its place in a program lets Swift infer it.
            let isNested = String(reflecting: type(of: value)).split(separator: ".").count > 2
            return (isNested ? ".init" : "\(type(of: value))") + arguments(Array(mirror.children))
        case (_, .enum?):
            guard let (name, payload) = mirror.children.first, let name else { return ".\(value)" }
            let parts = Mirror(reflecting: payload)
            return ".\(name)" + arguments(parts.displayStyle == .tuple ? Array(parts.children) : [(nil, payload)])
        default: return "\(value)"
        }
    }
}

import TodosFileStorage

/// Turns the arguments of `todos` into an ``Invocation``, or a ``UsageError`` that names what is wrong, before
/// anything is read or changed; positions are checked later, against the list.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
enum CommandParser {
    /// Parses the arguments that follow the program name.
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        let tokens = try Tokens(arguments)
        var options = tokens.options
        let dataDirectory = options.removeValue(forKey: .dataDirectory).flatMap(\.self)
        if dataDirectory?.isEmpty == true {
            throw UsageError("--data-dir needs a folder", command: nil)
        }
        if let dataDirectory, let problem = DataFolderVariables.tildeProblem(in: dataDirectory, from: "--data-dir") {
            throw UsageError(problem)
        }
        guard let name = tokens.positionals.first else {
            if options.removeValue(forKey: .help) != nil {
                return Invocation(command: .help(nil), dataDirectory: dataDirectory)
            }
            if let option = options.keys.sorted(by: { $0.rawValue < $1.rawValue }).first {
                throw UsageError("\(option.spelling) needs a command, as in: todos list \(option.spelling)")
            }
            return Invocation(command: .overview, dataDirectory: dataDirectory)
        }
        guard let command = CommandName(rawValue: name) else {
            throw UsageError("unknown command '\(name)'")
        }
        if options.removeValue(forKey: .help) != nil {
            return Invocation(command: .help(command), dataDirectory: dataDirectory)
        }
        if let option = options.keys.first(where: { !command.options.contains($0) }) {
            throw UsageError("\(command.rawValue) does not take \(option.spelling)", command: command)
        }
        let arguments = ParsedArguments(
            name: command,
            positionals: Array(tokens.positionals.dropFirst()),
            options: options
        )
        return Invocation(command: try arguments.parse(), dataDirectory: dataDirectory)
    }
}

/// The arguments split into positionals and options, with each option's value.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
private struct Tokens {
    var positionals: [String] = []
    var options: [Option: String?] = [:]

    init(_ arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                positionals.append(contentsOf: remaining)
                break
            }
            guard Self.isOption(argument) else {
                positionals.append(argument)
                continue
            }
            let command = positionals.first.flatMap(CommandName.init(rawValue:))
            let (option, inlineValue) = try Self.option(in: argument, command: command)
            guard options[option] == nil else {
                throw UsageError("\(option.spelling) is given twice", command: command)
            }
            if option.takesValue {
                guard let value = inlineValue ?? remaining.popFirst() else {
                    throw UsageError("\(option.spelling) needs a value", command: command)
                }
                options[option] = .some(value)
            } else {
                if inlineValue != nil {
                    throw UsageError("\(option.spelling) takes no value", command: command)
                }
                options[option] = .some(nil)
            }
        }
    }

    /// Whether `argument` is an option: `--name`, `-h`, or a dash that is not a negative number.
    private static func isOption(_ argument: String) -> Bool {
        argument.hasPrefix("-") && argument.count > 1 && Double(argument) == nil
    }

    /// The option `argument` names, and its value when written `--name=value`.
    private static func option(
        in argument: String,
        command: CommandName?
    ) throws(UsageError) -> (Option, String?) {
        if argument == "-h" { return (.help, nil) }
        guard argument.hasPrefix("--") else {
            throw UsageError("unknown option '\(argument)'", command: command)
        }
        let body = argument.dropFirst(2)
        let name = body.prefix { $0 != "=" }
        let value = name.endIndex < body.endIndex ? String(body[body.index(after: name.endIndex)...]) : nil
        guard let option = Option(rawValue: String(name)) else {
            throw UsageError("unknown option '--\(name)'", command: command)
        }
        return (option, value)
    }
}

/// The positionals and options of one command, checked and converted.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
private struct ParsedArguments {
    let name: CommandName
    let positionals: [String]
    let options: [Option: String?]

    /// The command the arguments describe.
    func parse() throws(UsageError) -> Command {
        switch name {
        case .add:
            let title = positionals.joined(separator: " ").trimmingWhitespace()
            guard !positionals.isEmpty else { throw error("missing title") }
            guard !title.isEmpty else { throw error("the title is empty") }
            if let problem = TerminalText.lineProblem(in: title) { throw error(problem) }
            return .add(title: title, priority: try priority())
        case .list:
            try expectPositionals(0)
            return .list(order: try choice(.order, "order"), filter: try filter())
        case .done:
            return .done(position: try positions(1)[0])
        case .undo:
            return .undo(position: try positions(1)[0])
        case .rm:
            return .remove(position: try positions(1)[0])
        case .move:
            let positions = try positions(2)
            return .move(from: positions[0], to: positions[1])
        case .clearDone:
            try expectPositionals(0)
            return .clearDone
        case .settings:
            try expectPositionals(0)
            return .settings(sleepGoal: try sleepGoal(), notifications: try notifications())
        case .help:
            guard let topic = positionals.first else { return .help(nil) }
            try expectPositionals(1)
            guard let name = CommandName(rawValue: topic) else { throw error("unknown command '\(topic)'") }
            return .help(name)
        case .explain:
            try expectPositionals(0)
            return .explain(graph: try choice(.graph, "graph format"))
        }
    }

    private func error(_ message: String) -> UsageError {
        UsageError(message, command: name)
    }

    private func expectPositionals(_ count: Int) throws(UsageError) {
        if positionals.count > count {
            throw error("unexpected argument '\(positionals[count])'")
        }
    }

    private func positions(_ count: Int) throws(UsageError) -> [Int] {
        try expectPositionals(count)
        var positions: [Int] = []
        for index in 0..<count {
            let name = count == 1 ? "position" : ["first position", "second position"][index]
            guard index < positionals.count else { throw error("missing \(name)") }
            guard let position = Int(positionals[index]) else {
                if Self.isInteger(positionals[index]) { throw error("\(name) \(positionals[index]) is out of range") }
                throw error("\(name) '\(positionals[index])' is not a number")
            }
            positions.append(position)
        }
        return positions
    }

    private func value(of option: Option) -> String? {
        options[option] ?? nil
    }

    private func priority() throws(UsageError) -> Int {
        guard let text = value(of: .priority) else { return 0 }
        let range = "(\(Limits.priority.lowerBound) to \(Limits.priority.upperBound))"
        guard let priority = Int(text) else {
            if Self.isInteger(text) { throw error("priority \(text) is out of range \(range)") }
            throw error("priority '\(text)' is not a number")
        }
        guard Limits.priority.contains(priority) else { throw error("priority \(priority) is out of range \(range)") }
        return priority
    }

    /// Whether `text` is written as an integer (digits after an optional sign), as `Int(text)` reads it: one that
    /// `Int` cannot hold is out of range, not "not a number".
    private static func isInteger(_ text: String) -> Bool {
        let digits = text.first == "+" || text.first == "-" ? text.dropFirst() : text[...]
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The value of `option`, one of `Choice`'s cases: `--order date`, `--graph dot`.
    private func choice<Choice: RawRepresentable<String> & CaseIterable>(
        _ option: Option,
        _ noun: String
    ) throws(UsageError) -> Choice? {
        guard let text = value(of: option) else { return nil }
        guard let choice = Choice(rawValue: text) else {
            throw error("unknown \(noun) '\(text)' (use \(Choice.allCases.map(\.rawValue).joined(separator: " or ")))")
        }
        return choice
    }

    private func filter() throws(UsageError) -> ListFilter {
        let chosen: [(Option, ListFilter)] = [(.all, .all), (.open, .open), (.done, .done)]
            .filter { options[$0.0] != nil }
        guard chosen.count <= 1 else {
            throw error("choose one of --all, --open and --done")
        }
        return chosen.first?.1 ?? .all
    }

    private func sleepGoal() throws(UsageError) -> Double? {
        guard let text = value(of: .sleepGoal) else { return nil }
        guard let hours = Double(text), hours.isFinite else {
            throw error("sleep goal '\(text)' is not a number of hours")
        }
        guard Limits.sleepGoal.contains(hours) else {
            throw error("sleep goal \(Format.hours(hours)) is out of range (\(Limits.sleepGoalText) hours)")
        }
        return hours
    }

    private func notifications() throws(UsageError) -> Bool? {
        guard let text = value(of: .notifications) else { return nil }
        switch text {
        case "on": return true
        case "off": return false
        default: throw error("notifications must be on or off, not '\(text)'")
        }
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    fileprivate func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}

import ArgumentParser
import InstantSearchCore

/// The command line that gives parsed options again, for a sibling executable that declares
/// the same ones (`instantsearch --postgres` runs `instantsearch-postgres search` with the
/// session's options, see `SessionOptions`).
///
/// Derived from the declarations, not written out option by option, so an option added to a
/// group is forwarded with no list to keep up: the names come from ArgumentParser's own
/// description of the type (its `--experimental-dump-help` document, which lists every
/// argument, hidden ones too, in declaration order), the values from the parsed value's
/// properties, in the same order. Only what differs from the defaults is given, each option
/// as one word, `--name=value`, so a value that starts with "-" is not read as an option.
public enum ForwardedCommandLine {
    public static func words<Options: ParsableArguments>(for options: Options) -> [String] {
        let declared = declarations(of: Options.self)
        let values = leafValues(of: options)
        // Options whose empty command line does not parse have no defaults: all is given.
        let defaults = (try? Options.parse([])).map(leafValues(of:))
        // A property that is not an argument would shift every name after it: none is expected,
        // and then nothing is forwarded rather than values under the wrong names.
        guard declared.count == values.count, defaults.map({ $0.count == values.count }) ?? true else {
            assertionFailure("\(Options.self): \(declared.count) arguments declared, \(values.count) values found")
            return []
        }
        return declared.indices.flatMap { position in
            let given = declared[position].words(for: values[position])
            return defaults.map { given == declared[position].words(for: $0[position]) } == true ? [] : given
        }
    }

    /// One option or flag as declared: the name it is given by, and whether it takes a value.
    struct Declaration: Equatable {
        var name: String
        var isFlag: Bool
        /// A flag declared with an inversion (`--insights` / `--no-insights`): the name that sets it false.
        var inverse: String? = nil

        /// `value` as words: a flag when true (its inverse when false); an option once per value, `--name=value`.
        func words(for value: Any) -> [String] {
            if isFlag, let inverse { return [value as? Bool == false ? inverse : name] }
            if isFlag { return value as? Bool == true ? [name] : [] }
            return ForwardedCommandLine.texts(of: value).map { name.hasPrefix("--") ? "\(name)=\($0)" : "\(name)\($0)" }
        }
    }

    /// Every option and flag `Options` declares (nested groups in place), as ArgumentParser
    /// describes them; its own `--help` left out.
    static func declarations<Options: ParsableArguments>(of _: Options.Type) -> [Declaration] {
        let document: String
        do {
            _ = try Describing<Options>.parseAsRoot(["--experimental-dump-help"])
            return []
        } catch {
            document = Describing<Options>.fullMessage(for: error)
        }
        guard let root = try? JSONParser.parse(document, file: "--experimental-dump-help"),
            let arguments = root.objectValue?["command"]?.objectValue?["arguments"]?.arrayValue
        else { return [] }
        let listed = arguments.compactMap { argument -> (declaration: Declaration, help: String?)? in
            guard let fields = argument.objectValue, let kind = fields["kind"]?.stringValue, kind != "positional" else { return nil }
            let names = (fields["names"]?.arrayValue ?? []).compactMap { name -> (kind: String, name: String)? in
                guard let kind = name.objectValue?["kind"]?.stringValue, let text = name.objectValue?["name"]?.stringValue else { return nil }
                return (kind, text)
            }
            if names.contains(where: { $0.kind == "long" && $0.name == "help" }) { return nil }
            // The long name where there is one, as the tests and error messages spell it.
            let help = fields["abstract"]?.stringValue
            if let long = names.first(where: { $0.kind == "long" || $0.kind == "longWithSingleDash" }) {
                return (Declaration(name: (long.kind == "long" ? "--" : "-") + long.name, isFlag: kind == "flag"), help)
            }
            guard let short = names.first else { return nil }
            return (Declaration(name: "-" + short.name, isFlag: kind == "flag"), help)
        }
        // An inverted flag (`inversion: .prefixedNo`) is described as two flags with one help
        // text, for one value: folded into one declaration. Two flags of their own (`--extended`,
        // `--no-extended`) have a help text each.
        var declarations: [Declaration] = []
        var lastHelp: String?
        for (declaration, help) in listed {
            if let last = declarations.last, last.isFlag, declaration.isFlag, last.inverse == nil, help != nil, help == lastHelp,
                Self.inverts(declaration.name, last.name)
            {
                declarations[declarations.count - 1].inverse = declaration.name
            } else {
                declarations.append(declaration)
            }
            lastHelp = help
        }
        return declarations
    }

    /// Whether `second` is the inversion ArgumentParser declares after `first`
    /// (`--x` / `--no-x`, or `--enable-x` / `--disable-x`).
    static func inverts(_ second: String, _ first: String) -> Bool {
        guard first.hasPrefix("--"), second.hasPrefix("--") else { return false }
        let base = first.dropFirst(2)
        if second == "--no-\(base)" { return true }
        return base.hasPrefix("enable-") && second == "--disable-\(base.dropFirst("enable-".count))"
    }

    /// The values of every option and flag of `options`, nested groups in place, in
    /// declaration order (the order Swift keeps stored properties in).
    static func leafValues(of options: any ParsableArguments) -> [Any] {
        Mirror(reflecting: options).children.flatMap { child -> [Any] in
            if let group = child.value as? any ArgumentGroupWrapper { return leafValues(of: group.arguments) }
            if let argument = child.value as? any ArgumentValueWrapper { return [argument.argumentValue] }
            return []
        }
    }

    /// A value as the words after `--name=`: none for nil, one per element of an array, a raw
    /// value's raw value (`--strategy=debounce`), anything else as Swift prints it.
    static func texts(of value: Any) -> [String] {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional { return mirror.children.first.map { texts(of: $0.value) } ?? [] }
        if let array = value as? [Any] { return array.flatMap(texts(of:)) }
        if let raw = value as? any RawRepresentable { return ["\(raw.rawValue)"] }
        return ["\(value)"]
    }
}

extension ParsableArguments {
    /// The same options, as a command line for a sibling executable that declares them too.
    public var forwarded: [String] { ForwardedCommandLine.words(for: self) }
}

/// A command of nothing but `Options`, for ArgumentParser to describe them.
private struct Describing<Options: ParsableArguments>: ParsableCommand {
    @OptionGroup var options: Options
}

/// `@Option` and `@Flag` read through reflection (`ForwardedCommandLine.leafValues`).
protocol ArgumentValueWrapper {
    var argumentValue: Any { get }
}

/// `@OptionGroup` read through reflection.
protocol ArgumentGroupWrapper {
    var arguments: any ParsableArguments { get }
}

extension Option: ArgumentValueWrapper {
    var argumentValue: Any { wrappedValue }
}

extension Flag: ArgumentValueWrapper {
    var argumentValue: Any { wrappedValue }
}

extension OptionGroup: ArgumentGroupWrapper {
    var arguments: any ParsableArguments { wrappedValue }
}

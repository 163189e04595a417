import ArgumentParser

/// What parsing `arguments` as `T` says to the user (`T.message(for:)`, the line printed before
/// exit 2); nil when they are accepted. The option groups' tests all ask it.
func refusal<T: ParsableArguments>(_ type: T.Type, _ arguments: [String]) -> String? {
    do {
        _ = try T.parse(arguments)
        return nil
    } catch {
        return T.message(for: error)
    }
}

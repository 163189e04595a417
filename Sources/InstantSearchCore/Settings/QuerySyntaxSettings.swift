import OrderedCollections

/// Algolia's `advancedSyntaxFeatures`: what `advancedSyntax` reads in a query of records.
public enum AdvancedSyntaxFeature: String, Hashable, Sendable, CaseIterable {
    /// `"a phrase"`: its words side by side, in this order, in one attribute.
    case exactPhrase
    /// `-word`: records holding the word are left out.
    case excludeWords

    /// Reads Algolia's list of feature names; `what` names the setting or parameter for the message.
    public static func parseList(_ names: [String], what: String) throws(SyntaxSettingError) -> Set<AdvancedSyntaxFeature> {
        try Set(
            names.map { name throws(SyntaxSettingError) in
                guard let feature = AdvancedSyntaxFeature(rawValue: name) else {
                    throw SyntaxSettingError("\(what): \"\(name.prefix(80))\" is not one of: exactPhrase, excludeWords")
                }
                return feature
            })
    }
}

/// Typesense's `infix`: whether a query word matches inside an indexed word (`zip` in `gunzip`).
public enum InfixMode: String, Hashable, Sendable, CaseIterable {
    /// Words match at their start only.
    case off
    /// Inside words too, for a query word that matches no indexed word at its start (typos
    /// included) anywhere in the index.
    case fallback
    /// Inside words too, always; ranked below the matches at word starts.
    case always
}

/// The `infix` setting: one mode for every searchable attribute (`"infix": "always"`), or some
/// attributes' own (`"infix": {"name": "always", "sku": "off"}`, the others `fallback`, or
/// the mode `"*"` names).
public struct InfixSetting: Hashable, Sendable {
    /// The mode of the attributes not named in `byAttribute`.
    public var mode: InfixMode = .fallback
    public var byAttribute: [String: InfixMode] = [:]

    public init(mode: InfixMode = .fallback, byAttribute: [String: InfixMode] = [:]) {
        self.mode = mode
        self.byAttribute = byAttribute
    }

    public func mode(of attribute: String) -> InfixMode { byAttribute[attribute] ?? mode }

    static func parse(_ value: JSONValue) throws(SyntaxSettingError) -> InfixSetting {
        func mode(_ value: JSONValue, _ place: String) throws(SyntaxSettingError) -> InfixMode {
            guard let mode = value.stringValue.flatMap(InfixMode.init(rawValue:)) else {
                throw SyntaxSettingError("\"infix\"\(place) must be \"off\", \"fallback\" or \"always\"")
            }
            return mode
        }
        if case .object(let fields) = value {
            var setting = InfixSetting()
            for (attribute, value) in fields {
                let found = try mode(value, " for \"\(attribute.prefix(80))\"")
                // "*": the attributes not named.
                if attribute == "*" { setting.mode = found } else { setting.byAttribute[attribute] = found }
            }
            return setting
        }
        return InfixSetting(mode: try mode(value, ""))
    }

    /// As a settings file gives it: the mode alone, or an object of the attributes' modes.
    public var json: JSONValue {
        guard !byAttribute.isEmpty else { return .string(mode.rawValue) }
        var fields = byAttribute.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value.rawValue)) }
        if mode != .fallback { fields.insert(("*", .string(mode.rawValue)), at: 0) }
        return .object(.init(uniqueKeysWithValues: fields))
    }
}

/// A wrong `advancedSyntaxFeatures` or `infix`, said as the settings file or the parameter
/// reader words it.
public struct SyntaxSettingError: Error, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}

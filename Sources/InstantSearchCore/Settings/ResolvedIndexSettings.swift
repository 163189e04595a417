/// Settings with every key decided: what the settings file gave, the rest inferred from the data
/// (the inference itself is `IndexSettings.resolved(for:)`, SettingsInference.swift).
public struct ResolvedIndexSettings: Hashable, Sendable {
    public var searchableAttributes: [String]
    public var attributesForFaceting: [String]
    public var disjunctiveFacets: [String]
    public var numericAttributesForFiltering: [String]
    public var customRanking: [CustomRankingCriterion]
    public var displayAttributes: [String]
    /// nil: records are identified by their position.
    public var objectIDAttribute: String?
    public var relevance = RelevanceSettings()
    /// Facets indexed as trees, each a column named after it (see `HierarchicalFacet`).
    public var hierarchicalFacets: [HierarchicalFacet] = []
    /// Sorts, numeric menus and toggles (toggles inferred when the file names none).
    public var widgets = WidgetSettings()
    /// Number formats and facet list orders: as the settings file gave them (nothing to infer).
    public var display = DisplaySettings()

    public init(
        searchableAttributes: [String], attributesForFaceting: [String], disjunctiveFacets: [String],
        numericAttributesForFiltering: [String], customRanking: [CustomRankingCriterion], displayAttributes: [String],
        objectIDAttribute: String?, relevance: RelevanceSettings = RelevanceSettings(), widgets: WidgetSettings = WidgetSettings()
    ) {
        self.searchableAttributes = searchableAttributes
        self.attributesForFaceting = attributesForFaceting
        self.disjunctiveFacets = disjunctiveFacets
        self.numericAttributesForFiltering = numericAttributesForFiltering
        self.customRanking = customRanking
        self.displayAttributes = displayAttributes
        self.objectIDAttribute = objectIDAttribute
        self.relevance = relevance
        self.widgets = widgets
    }
}

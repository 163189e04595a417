extension KeyTable {
    /// The bindings the TUI starts with (fzf's keys where fzf has them).
    public static let standard = KeyTable(
        bindings: [
            Binding(.control("c"), .global, .abort),
            Binding(.control("g"), .global, .abort),
            Binding(.control("q"), .global, .abort),
            Binding(.control("_"), .global, .toggleWrapWord),
            Binding(.alt("/"), .global, .toggleWrapWord),
            Binding(.function(1), .global, .toggleHelp),
            Binding(.tab, .global, .nextIndex),
            Binding(.backTab, .global, .previousIndex),
            Binding(.function(2), .global, .focusHits),
            Binding(.function(3), .global, .focusRefinements),
            Binding(.function(4), .global, .focusSlider),
            Binding(.function(5), .global, .toggleSections),
            Binding(.control("x"), .global, .clearRefinements),
            Binding(.control("l"), .global, .clearScreen),
            // Alt-1…Alt-5: the F-keys' actions, for terminals and laptops that take the F-keys.
            Binding(.alt("1"), .global, .toggleHelp),
            Binding(.alt("2"), .global, .focusHits),
            Binding(.alt("3"), .global, .focusRefinements),
            Binding(.alt("4"), .global, .focusSlider),
            Binding(.alt("5"), .global, .toggleSections),
            // Preview pane
            Binding(.function(6), .global, .togglePreview),
            Binding(.alt("p"), .global, .togglePreview),
            Binding(.shiftUp, .global, .previewUp),
            Binding(.shiftDown, .global, .previewDown),
            Binding(.altUp, .global, .previewPageUp),
            Binding(.altDown, .global, .previewPageDown),
            // Sort by
            Binding(.function(7), .global, .nextSort),
            Binding(.alt("s"), .global, .nextSort),
            Binding(.alt("r"), .global, .toggleRelevantSort),
            // atuin's key for its filter modes, where the records have scopes (Ctrl-R's history).
            Binding(.control("r"), .global, .nextScope),
            Binding(.alt("m"), .global, .toggleShowMarked),
            Binding(.named("shift-delete"), .hits, .deleteHit),

            Binding(.backspace, .searchBox, .backwardDeleteChar),
            Binding(.control("h"), .searchBox, .backwardDeleteChar),
            Binding(.delete, .searchBox, .deleteChar),
            // fzf's Ctrl-D: on an empty query it quits, as end of input does in a shell.
            Binding(.control("d"), .searchBox, .deleteCharOrQuit),
            Binding(.left, .searchBox, .backwardChar),
            Binding(.control("b"), .searchBox, .backwardChar),
            Binding(.right, .searchBox, .forwardChar),
            Binding(.control("f"), .searchBox, .forwardChar),
            Binding(.home, .searchBox, .beginningOfLine),
            Binding(.control("a"), .searchBox, .beginningOfLine),
            Binding(.end, .searchBox, .endOfLine),
            Binding(.control("e"), .searchBox, .endOfLine),
            Binding(.control("u"), .searchBox, .unixLineDiscard),
            Binding(.control("w"), .searchBox, .unixWordRubout),
            Binding(.control("y"), .searchBox, .yank),
            Binding(.alt("b"), .searchBox, .backwardWord),
            Binding(.shiftLeft, .searchBox, .backwardWord),
            Binding(.named("alt-left"), .searchBox, .backwardWord),
            Binding(.alt("f"), .searchBox, .forwardWord),
            Binding(.shiftRight, .searchBox, .forwardWord),
            Binding(.named("alt-right"), .searchBox, .forwardWord),
            Binding(.alt("d"), .searchBox, .killWord),
            Binding(.altBackspace, .searchBox, .backwardKillWord),
            // fzf's --history: Ctrl-P / Ctrl-N reach the search box only when a history file is
            // given (KeyTable.walkingHistory takes them from the lists then).
            Binding(.control("p"), .searchBox, .previousHistory),
            Binding(.control("n"), .searchBox, .nextHistory),
        ]
            + listBindings(.hits) + [
                Binding(.enter, .hits, .accept),
                Binding(.alt("a"), .hits, .acceptConversion),
                Binding(.escape, .hits, .abort),
                // fzf's --multi: marks the hit (does nothing without --multi). Tab and Shift-Tab
                // as fzf's on one index; with several open they switch indices (`tabSwitchingIndices`).
                Binding(.control(" "), .hits, .toggle),
                Binding(.tab, .hits, .toggleDown),
                Binding(.backTab, .hits, .toggleUp),
                // fzf's mouse: the hit under the pointer is selected first (`SearchApp+Mouse`).
                Binding(.named("right-click"), .hits, .toggle),
                Binding(.named("shift-left-click"), .hits, .toggle),
                Binding(.named("shift-right-click"), .hits, .toggle),
                Binding(.named("double-click"), .hits, .accept),
                Binding(.named("shift-scroll-up"), .hits, actions: [BoundAction(.toggle), BoundAction(.up)]),
                Binding(.named("shift-scroll-down"), .hits, actions: [BoundAction(.toggle), BoundAction(.down)]),
            ]
            + listBindings(.refinements) + [
                // Enter and Ctrl-Space, never Space: printable keys always type.
                Binding(.enter, .refinements, .toggleRefinement),
                Binding(.control(" "), .refinements, .toggleRefinement),
                Binding(.escape, .refinements, .focusHits),
            ] + [
                Binding(.left, .slider, .moveThumbLeft),
                Binding(.right, .slider, .moveThumbRight),
                Binding(.control(" "), .slider, .switchThumb),
                Binding(.up, .slider, .previousAttribute),
                Binding(.control("p"), .slider, .previousAttribute),
                Binding(.down, .slider, .nextAttribute),
                Binding(.control("n"), .slider, .nextAttribute),
                Binding(.delete, .slider, .clearRange),
                // Typed ranges and the attribute list
                Binding(.control("f"), .slider, .editRange),
                Binding(.pageUp, .slider, .pageUp),
                Binding(.pageDown, .slider, .pageDown),
                Binding(.home, .slider, .firstAttribute),
                Binding(.end, .slider, .lastAttribute),
                Binding(.shiftLeft, .slider, .moveThumbFarLeft),
                Binding(.shiftRight, .slider, .moveThumbFarRight),
                Binding(.enter, .slider, .accept),
                Binding(.escape, .slider, .focusHits),
            ]
            // Facet lists and current refinements.
            + [
                Binding(.control("o"), .refinements, .toggleShowMore),
                Binding(.control("f"), .refinements, .searchFacetValues),
                Binding(.function(8), .global, .focusCurrentRefinements),
                Binding(.alt("c"), .global, .focusCurrentRefinements),
                Binding(.alt("o"), .refinements, .toggleFacetOrder),
                Binding(.up, .facetSearch, .up), Binding(.control("p"), .facetSearch, .up),
                Binding(.down, .facetSearch, .down), Binding(.control("n"), .facetSearch, .down),
                Binding(.enter, .facetSearch, .accept),
                Binding(.control(" "), .facetSearch, .toggleRefinement),
                Binding(.backspace, .facetSearch, .backwardDeleteChar),
                Binding(.control("u"), .facetSearch, .unixLineDiscard),
                Binding(.escape, .facetSearch, .closeFacetSearch),
                Binding(.control("f"), .facetSearch, .closeFacetSearch),
                Binding(.left, .currentRefinements, .previousRefinement),
                Binding(.right, .currentRefinements, .nextRefinement),
                Binding(.delete, .currentRefinements, .removeRefinement),
                Binding(.backspace, .currentRefinements, .removeRefinement),
                Binding(.enter, .currentRefinements, .removeRefinement),
                Binding(.escape, .currentRefinements, .focusHits),
            ]
            // Query suggestions: Tab switches indices, so Right at the query's end
            // accepts, as fish's autosuggestions do; Alt-j / Alt-k move, Esc hides.
            + [
                Binding(.right, .suggestions, .acceptSuggestion),
                Binding(.alt("j"), .suggestions, .nextSuggestion),
                Binding(.alt("k"), .suggestions, .previousSuggestion),
                Binding(.escape, .suggestions, .hideSuggestions),
            ]
            + listBindings(.sections) + [
                Binding(.enter, .sections, .accept),
                Binding(.control(" "), .sections, .toggleRefinement),
                Binding(.escape, .sections, .abort),
            ]
            + listBindings(.help) + [
                Binding(.escape, .help, .closeHelp),
                Binding(.function(1), .help, .closeHelp),
                Binding(.alt("1"), .help, .closeHelp),
                Binding(.control("c"), .help, .abort),
            ])

    /// Up / Down (and Ctrl-K / Ctrl-P, Ctrl-J / Ctrl-N, as in fzf), PgUp / PgDn: the same in every list.
    private static func listBindings(_ context: KeyContext) -> [Binding] {
        [
            Binding(.up, context, .up), Binding(.control("k"), context, .up), Binding(.control("p"), context, .up),
            Binding(.down, context, .down), Binding(.control("j"), context, .down), Binding(.control("n"), context, .down),
            Binding(.pageUp, context, .pageUp), Binding(.pageDown, context, .pageDown),
        ]
    }

    /// With several indices open, Tab and Shift-Tab keep switching them in the hits list too
    /// (marking there is Ctrl-Space's, or a `--bind`): the standard Tab bindings of the hits
    /// list give way to the global next-index and previous-index.
    public func tabSwitchingIndices() -> KeyTable {
        KeyTable(
            bindings: bindings.filter {
                !($0.context == .hits
                    && ($0.key == .tab && $0.actions == [BoundAction(.toggleDown)] || $0.key == .backTab && $0.actions == [BoundAction(.toggleUp)]))
            })
    }
}

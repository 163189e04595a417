import InstantSearchCore

#if canImport(Glibc)
import Glibc
#endif

extension ScriptState.Waiting {
    /// The action's name, for the stats line when its command fails.
    var name: String {
        switch self {
        case .executeSilent: return "execute-silent"
        case .transform: return "transform"
        case .transformQuery: return "transform-query"
        case .search: return "wait"
        case .into(let action): return "transform into \(action.name)"
        }
    }
}

extension SearchApp {
    /// The most `trigger` steps one key may run: `a:trigger(a)` would never end.
    static let triggerLimit = 64

    /// Carries out fzf 0.74's newer actions; false for the others.
    func performFzfAction(_ bound: BoundAction) -> Bool {
        let argument = bound.argument ?? ""
        let action = bound.action
        if let target = action.transformTarget {
            if action.name.hasPrefix("bg-") {
                startBackground(argument, as: .into(target))
            } else {
                startCommand(argument, waiting: .into(target))
            }
            return true
        }
        switch action {
        case .bgTransform: startBackground(argument, as: .transform)
        case .bgCancel:
            previewRunner?.cancel(.background)
            script.background = nil
        case .wait: if !searchIsDone { script.waiting = .search }
        case .clearQuery: showQuery("")
        case .search:
            // The box keeps what it shows; the searcher gets the text (fzf's search with --disabled too).
            hub.dispatch(.setQuery(argument))
        case .replaceQuery:
            if let hit = hitsList.selectedHit { showQuery(PreviewCommand.text(of: hit)) }
        case .acceptOrPrintQuery:
            if pickedHits().isEmpty { outcome = .queryPrinted } else { perform(.accept) }
        case .changePointer: hitsList.pointer = argument
        case .changeFooter:
            sectionTexts.footer = argument.isEmpty ? nil : argument
            resize(width: screen.width, height: screen.height)
        case .changeListLabel: sectionTexts.listLabel = argument
        case .changeInputLabel: sectionTexts.inputLabel = argument
        case .changeHeaderLabel: sectionTexts.headerLabel = argument
        case .changeFooterLabel: sectionTexts.footerLabel = argument
        case .changeNth, .toggleSort, .exclude, .excludeMulti:
            script.notice = "\(action.name) is not supported by this build yet"
        case .changeMulti:
            let limit = argument.isEmpty ? Int.max : Int(argument.trimmingBlanks()) ?? -1
            guard limit >= 0 else {
                script.notice = "change-multi takes a number of marks (0: off); not '\(argument)'"
                return true
            }
            options.multi = limit != 0
            options.multiLimit = limit == 0 ? Int.max : limit
            hitsList.hasMarkColumn = options.multi
            if limit == 0 { marks = Marks() }
        case .clearMulti: marks = Marks()
        case .upMatch: perform(.up)
        case .downMatch: perform(.down)
        case .upSelected, .downSelected:
            // Up the screen is away from the prompt when the list runs up from it.
            let away: KeyAction = .nextSelected
            let toward: KeyAction = .previousSelected
            let up = options.layout.listRunsUpward ? away : toward
            perform(action == .upSelected ? up : (up == away ? toward : away))
        case .toggleDown, .toggleUp:
            // As fzf: nothing without --multi or hits; else mark and move down (up) the screen.
            guard options.multi, hitsList.selectedHit != nil, focus == .hits, !hub.showsSections else { return true }
            perform(.toggle)
            perform(action == .toggleDown ? .down : .up)
        case .trigger:
            var chains: [BoundAction] = []
            for name in argument.split(separator: ",").map({ $0.trimmingBlanks() }) where !name.isEmpty {
                guard let key = KeyName.parse(name) else {
                    script.notice = "trigger: no key or event is named '\(name)'"
                    continue
                }
                let contexts = key.isEvent ? [KeyContext.global] : self.contexts
                if !unboundKeys.contains(key), let chain = keys.actions(for: key, in: contexts) { chains += chain }
            }
            script.triggers += 1
            guard script.triggers <= Self.triggerLimit else {
                script.notice = "trigger: stopped after \(Self.triggerLimit) (a key that triggers itself?)"
                script.pending = []
                return true
            }
            script.pending.insert(contentsOf: chains, at: 0)
        case .toggleBind:
            for name in argument.split(separator: ",").map({ $0.trimmingBlanks() }) where !name.isEmpty {
                guard let key = KeyName.parse(name) else {
                    script.notice = "toggle-bind: no key or event is named '\(name)'"
                    continue
                }
                if unboundKeys.contains(key) { unboundKeys.remove(key) } else { unboundKeys.insert(key) }
            }
        case .best: perform(.first)
        case .bell: onBell?()
        case .close:
            if preview.isShown { togglePreview() } else { outcome = .cancelled }
        case .trackCurrent: hitsList.tracks = true
        case .untrackCurrent: hitsList.tracks = false
        case .toggleWrap, .toggleWrapWord:
            hitsList.wraps.toggle()
            resize(width: screen.width, height: screen.height)
        case .togglePreviewWrap, .togglePreviewWrapWord:
            preview.wrapsOutput.toggle()
        case .showHeader, .hideHeader, .toggleHeader:
            script.headerHidden = action == .toggleHeader ? !script.headerHidden : action == .hideHeader
            resize(width: screen.width, height: screen.height)
        default: return false
        }
        return true
    }

    /// A `bg-transform*` command: the chain goes on; its output is applied when it ends
    /// (a newer one replaces one under way).
    private func startBackground(_ template: String, as use: ScriptState.Waiting) {
        if start(template, in: .background) { script.background = use }
    }

    /// The answer of the `bg-transform*` under way, applied; how many there were (0 or 1).
    func takeBackgroundResult() -> Int {
        guard let result = previewRunner?.take(.background), result.isFinished, let use = script.background else { return 0 }
        script.background = nil
        let text = String(decoding: result.output, as: UTF8.self)
        if result.failed {
            script.notice = "bg-\(use.name) \(result.failure)"
        } else if use == .transform {
            do {
                script.pending += try KeyTable.parseActions(text.trimmingLineEnds())
            } catch {
                script.notice = "bg-transform printed no actions: \(error)"
            }
        } else {
            apply(output: text, as: use)
        }
        return 1
    }

    /// A command's output where a `transform-query` or `transform-*` puts it.
    func apply(output text: String, as use: ScriptState.Waiting) {
        switch use {
        case .transformQuery: showQuery(text.trimmingLineEnds())
        case .into(let target):
            // Labels, prompts and queries are one line: fzf keeps the first.
            let line = target == .changeHeader || target == .changeFooter ? text.trimmingLineEnds() : String(text.trimmingLineEnds().prefix { $0 != "\n" })
            let step = BoundAction(target, line)
            if !performScripted(step) { _ = performFzfAction(step) }
        default: break
        }
    }
}

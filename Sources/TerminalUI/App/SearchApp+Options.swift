import InstantSearchCore

extension SearchApp {
    /// fzf's options that change the session, beyond the key table.
    public struct Options: Sendable {
        /// `--multi`: the toggle action marks hits; accept prints every marked one.
        public var multi = false
        /// `--expect`: keys that end the session like accept, with their names.
        public var expect: [Key: String] = [:]
        /// `--header`: a line under the search box.
        public var header: String?
        /// fzf's `--header-lines`: each line index's first lines (by index name), under the
        /// `--header`, in their own colours with `--ansi`.
        public var headerLines: [String: [ANSIText]] = [:]
        /// `--prompt`: before the query.
        public var prompt = SearchBox.defaultPrompt
        /// `--history`: the queries previous-history / next-history walk.
        public var history: QueryHistory?
        /// fzf's `--disabled`: the query is not searched (only commands read it, `{q}`).
        public var disabled = false
        /// fzf's `--no-input`: the query row starts hidden, and keys do not type into it.
        public var inputHidden = false
        /// fzf's `--multi=N`: at most this many marks.
        public var multiLimit = Int.max
        /// How commands' placeholders read a hit: as a line and its fields (`--delimiter`), or a record.
        public var placeholders = Placeholders(lines: false)
        /// fzf's `--listen`: where the remote control listens.
        public var listen: ListenAddress?
        /// fzf's `--cycle` and `--track` (see `HitsList`).
        public var cycle = false
        public var track = false
        /// fzf's `--jump-labels`: what `jump` and `jump-accept` label the hits on screen with.
        public var jumpLabels = JumpLabels.standard
        /// fzf's `--layout`: the prompt on top (our look, fzf's `reverse`) or at the bottom.
        public var layout = ListLayout.standard
        /// fzf's `--layout` on fzf's screen for plain lines (`SearchApp+Picker`), where fzf's
        /// own default (the prompt at the bottom) holds without the option.
        public var pickerLayout = ListLayout.default
        /// fzf's screen for one list of plain lines (`SearchApp+Picker`) in place of this
        /// interface's panes; the command line asks for it where the data is lines.
        public var fzfScreen = false
        /// fzf's section borders, their labels and `--gap` on fzf's screen (`PickerSections`).
        public var sections = PickerSectionStyles()
        /// fzf's `--footer`: lines on the list's far side from the prompt, on fzf's screen.
        public var footer: String?
        /// fzf's `--header-first`: the `--header` beyond the prompt, on the screen's edge.
        public var headerFirst = false
        /// fzf's `--ghost`: shown in the empty query on fzf's screen.
        public var ghost = ""
        /// fzf's `--gutter`: the column left of the lines not current on fzf's screen (nil: fzf's `▌`).
        public var gutter: String?
        /// fzf's `--info inline:SEP` / `inline-right:SEP`: what goes before the count.
        public var infoPrefix: String?
        /// fzf's `--info-command`: its output replaces the count on the info line.
        public var infoCommand: String?
        /// fzf's `--color`: the looks, by fzf's element names and the panes' own.
        public var theme = Theme.standard
        /// fzf's `--margin`, `--border` (`--border-label`) and `--padding` around the panes.
        public var frame = ScreenFrame()
        /// fzf's `--info`: where the stats line goes.
        public var info = InfoStyle.default
        /// `--compact`: the compact screen (`ScreenLayout`), two rows around the panes.
        public var compact = false
        /// fzf's `--wrap`: long titles wrap over several rows.
        public var wrap = false
        /// fzf's `--pointer` and `--marker`: the selected hit's mark and a marked hit's (one column each).
        public var pointer = HitsList.pointerGlyph
        public var marker = HitsList.markGlyph
        /// fzf's `--no-hscroll`, `--hscroll-off`, `--keep-right`, `--ellipsis`: how a long hit is cut.
        public var matchWindow = MatchWindow.Settings()
        /// fzf's `--scrollbar[=C]` (a glyph) and `--no-scrollbar` (""); nil: the arrows.
        public var scrollbar: String?
        /// fzf's `--separator STR` (repeated along the rule under the search box) and
        /// `--no-separator` (""); nil: the rule's own line.
        public var separator: String?
        /// fzf's `--preview-label` (in place of the preview pane's title) and `--preview-label-pos`.
        public var previewLabel: String?
        public var previewLabelPosition = 0
        /// `--preview-images`: which of a preview command's images go to the terminal.
        public var previewImages = PreviewImages.none
        /// fzf's `--filepath-word`: the search box's word motions take paths' parts for words.
        public var filepathWord = false
        /// fzf's `--scroll-off`: hits kept in view on either side of the selected one.
        public var scrollOff = 0

        public init(
            multi: Bool = false, expect: [Key: String] = [:], header: String? = nil,
            prompt: String = SearchBox.defaultPrompt, history: QueryHistory? = nil
        ) {
            self.multi = multi
            self.expect = expect
            self.header = header
            self.prompt = prompt
            self.history = history
        }
    }
}

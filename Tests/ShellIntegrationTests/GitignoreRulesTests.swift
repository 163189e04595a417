import ShellIntegration
import Testing

/// The simple .gitignore patterns the walker honours, matched as git does.
@Suite struct GitignoreRulesTests {
    let rules = GitignoreRules().adding(
        """
        # a comment
        *.log
        build/
        /top.txt
        docs/*.md
        **/cache
        !keep.log

        """, base: "")

    @Test(arguments: [
        ("app.log", "app.log", false, true),
        ("src/deep/app.log", "app.log", false, true),
        ("keep.log", "keep.log", false, false),  // re-included by the later !
        ("build", "build", true, true),
        ("src/build", "build", true, true),
        ("build", "build", false, false),  // build/ names folders only
        ("top.txt", "top.txt", false, true),
        ("src/top.txt", "top.txt", false, false),  // anchored to the .gitignore's folder
        ("docs/a.md", "a.md", false, true),
        ("docs/sub/a.md", "a.md", false, false),  // * stays inside one segment
        ("a/b/cache", "cache", true, true),
        ("readme.md", "readme.md", false, false),
    ])
    func matchesAsGitDoes(path: String, name: String, isDirectory: Bool, ignored: Bool) {
        #expect(rules.ignores(path: path, name: name, isDirectory: isDirectory) == ignored)
    }

    @Test func aNestedGitignoreAppliesBelowItsFolderOnly() {
        let nested = GitignoreRules().adding("/generated.swift\n*.tmp\n", base: "src")
        #expect(nested.ignores(path: "src/generated.swift", name: "generated.swift", isDirectory: false))
        #expect(!nested.ignores(path: "src/sub/generated.swift", name: "generated.swift", isDirectory: false))
        #expect(nested.ignores(path: "src/sub/x.tmp", name: "x.tmp", isDirectory: false))
        #expect(!nested.ignores(path: "other/x.tmp", name: "x.tmp", isDirectory: false))
    }

    @Test func blankAndCommentLinesIgnoreNothing() {
        #expect(GitignoreRules().adding("\n# *\n   \n", base: "").isEmpty)
    }
}

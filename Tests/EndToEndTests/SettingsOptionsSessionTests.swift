import Foundation
import Testing

/// Settings from the command line (`--display`, `--facets`, `--sort`, dotted paths) on data
/// without a settings file, and a misspelt attribute refused before the interface opens.
@Suite(.serialized) struct SettingsOptionsSessionTests {
    /// A CSV file without settings, its rows not in count order.
    private func writeNames(_ tmux: Tmux) throws {
        let csv = "name,sex,count,year\nAlma,F,120,1990\nBruno,M,950,1991\nCleo,F,430,1992\nDario,M,80,1993\nEmma,F,700,1994\nFelix,M,300,1995\n"
        try csv.write(to: tmux.workDirectory.appendingPathComponent("names.csv"), atomically: true, encoding: .utf8)
    }

    private func row(of text: String, in screen: String) -> Int? {
        screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }
    }

    @Test func displayFacetsAndSortFromTheCommandLine() throws {
        let tmux = try Tmux()
        try writeNames(tmux)
        try tmux.shell("\(Project.binary) names.csv --no-index-cache --display name,count --facets sex --sort count:desc; echo \"exit=$?\"")
        let screen = try tmux.waitFor("the hits sorted by count") { $0.contains("6 results") && $0.contains("Dario") }
        let order = ["Bruno", "Emma", "Cleo", "Felix", "Alma", "Dario"].map { row(of: $0, in: screen) }
        #expect(order.allSatisfy { $0 != nil } && order.map { $0! } == order.map { $0! }.sorted(), "count descending: \(screen)")
        let bruno = try #require(row(of: "Bruno", in: screen))
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[bruno].contains("950"), "count is displayed beside the name")
        #expect(screen.contains("SEX"), "sex is the facet")
        #expect(!screen.contains("YEAR any") && !lines[bruno].contains("1991"), "year is neither a facet nor displayed")
        try tmux.press("Escape")
        try tmux.waitFor("exit=130")
    }

    @Test func aNestedFileIsSearchedAndFacetedByDottedPaths() throws {
        let tmux = try Tmux()
        let json = """
            [{"objectID": "1", "title": "Corolla", "maker": {"name": "Toyota", "country": "Japan"}},
             {"objectID": "2", "title": "Golf", "maker": {"name": "Volkswagen", "country": "Germany"}},
             {"objectID": "3", "title": "Civic", "maker": {"name": "Honda", "country": "Japan"}}]
            """
        try json.write(to: tmux.workDirectory.appendingPathComponent("cars.json"), atomically: true, encoding: .utf8)
        try tmux.shell(
            "\(Project.binary) cars.json --no-index-cache --searchable title,maker.name --facets maker.country --display title,maker.name; echo \"exit=$?\"")
        let start = try tmux.waitFor("three cars with their makers") { $0.contains("3 results") && $0.contains("Volkswagen") }
        #expect(start.contains("MAKER.COUNTRY"), "the nested facet is listed: \(start)")
        #expect(start.contains("Japan") && start.contains("Germany"))
        try tmux.type("toyota")
        let found = try tmux.waitFor("the nested value searched") { $0.contains("1 result") && $0.contains("Corolla") }
        #expect(!found.contains("Golf") && !found.contains("Civic"))
        try tmux.press("Escape", "Escape")
        try tmux.waitFor("exit=130")
    }

    @Test func aMisspeltAttributeIsRefusedWithItsSuggestion() throws {
        let tmux = try Tmux()
        try writeNames(tmux)
        try tmux.shell("\(Project.binary) names.csv --no-index-cache --display nmae,count 2> err.txt; echo \"exit=$?\"")
        try tmux.waitFor("exit=2")
        #expect(tmux.file("err.txt") == "instantsearch: --display: no record of names has an attribute \"nmae\"; did you mean \"name\"?\n")
        #expect(try !tmux.onAlternateScreen())
        try #"{"attributesForFaceting": ["sexe"]}"#.write(
            to: tmux.workDirectory.appendingPathComponent("names.settings.json"), atomically: true, encoding: .utf8)
        try tmux.shell("\(Project.binary) names.csv --no-index-cache 2> err2.txt; echo \"second=$?\"")
        try tmux.waitFor("second=2")
        #expect(
            tmux.file("err2.txt")?.contains(#"names.settings.json: attributesForFaceting: no record of names has an attribute "sexe"; did you mean "sex"?"#)
                == true)

        // A file longer than the sample is read behind the interface: checked against the sample.
        let rows = (0..<30_000).map { "Name\($0),\($0 % 2 == 0 ? "F" : "M"),\($0)" }
        try ("name,sex,count\n" + rows.joined(separator: "\n") + "\n")
            .write(to: tmux.workDirectory.appendingPathComponent("many.csv"), atomically: true, encoding: .utf8)
        try tmux.shell("\(Project.binary) many.csv --no-index-cache --facets sexe 2> err3.txt; echo \"third=$?\"")
        try tmux.waitFor("third=2")
        #expect(tmux.file("err3.txt") == "instantsearch: --facets: no record of many has an attribute \"sexe\"; did you mean \"sex\"?\n")
    }

    @Test func queryTakesTheSameOptions() throws {
        let tmux = try Tmux()
        try writeNames(tmux)
        let csv = tmux.workDirectory.appendingPathComponent("names.csv").path
        let (status, output) = try spawn(Project.binary, ["query", csv, "", "--no-index-cache", "--sort", "count:desc", "--facets", "sex"])
        #expect(status == 0)
        let response = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let names = (response["hits"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["Bruno", "Emma", "Cleo", "Felix", "Alma", "Dario"])
        #expect((response["facets"] as? [String: Any]).map { Array($0.keys) } == ["sex"])
        let (refused, message) = try spawn(Project.binary, ["query", csv, "", "--no-index-cache", "--sort", "cuont:desc"])
        #expect(refused == 2)
        #expect(message == "instantsearch query: --sort: no record of names has an attribute \"cuont\"; did you mean \"count\"?\n")
    }

    @Test func aConfigFilesSectionNamingNoFacetIsRefused() throws {
        let tmux = try Tmux()
        try writeNames(tmux)
        let config = tmux.workDirectory.appendingPathComponent("setup.json")
        try #"{"indices": [{"data": "names.csv"}], "sections": [{"index": "names", "facet": "sexe"}]}"#
            .write(to: config, atomically: true, encoding: .utf8)
        let (status, output) = try spawn(Project.binary, ["--config", config.path, "--no-index-cache"])
        #expect(status == 2)
        #expect(output == "instantsearch: \(config.path): sections[0].facet: no record of names has an attribute \"sexe\"; did you mean \"sex\"?\n")
        try #"{"indices": [{"data": "names.csv"}], "sections": [{"index": "names", "facet": "year"}]}"#
            .write(to: config, atomically: true, encoding: .utf8)
        let (notFacet, why) = try spawn(Project.binary, ["--config", config.path, "--no-index-cache", "--facets", "sex"])
        #expect(notFacet == 2)
        #expect(why == "instantsearch: \(config.path): sections[0].facet: \"year\" is not a facet of names; its facets: sex\n")
        try #"{"indices": [{"data": "names.csv"}], "section": []}"#.write(to: config, atomically: true, encoding: .utf8)
        let (unknown, message) = try spawn(Project.binary, ["--config", config.path])
        #expect(unknown == 2)
        #expect(message.contains(#"unknown key "section" in the setup; did you mean "sections"?"#))
    }
}

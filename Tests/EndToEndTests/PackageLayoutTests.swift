import Foundation
import Testing

/// Every folder in Tests/ is a test target: `scripts/check-test-targets.sh` (which `make test`
/// runs first) on this package, and on a copy with a folder nobody declared.
@Suite struct PackageLayoutTests {
    private var script: String { Project.root.appendingPathComponent("scripts/check-test-targets.sh").path }

    @Test func everyFolderInTestsIsADeclaredTestTarget() throws {
        let (status, output) = try spawn(script, [Project.root.path])
        #expect(status == 0, "\(output)")
    }

    @Test func anUndeclaredFolderFailsTheCheckByName() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("is-layout-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        let tests = copy.appendingPathComponent("Tests")
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Project.root.appendingPathComponent("Package.swift"), to: copy.appendingPathComponent("Package.swift"))
        for folder in ["InstantSearchCoreTests", "ForgottenTests"] {
            try FileManager.default.createDirectory(at: tests.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let (status, output) = try spawn(script, [copy.path])
        #expect(status == 1)
        #expect(output.contains("Tests/ForgottenTests is not a test target"))
        #expect(!output.contains("InstantSearchCoreTests"))
    }
}

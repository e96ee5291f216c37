import Foundation
import Testing

// What the README says of the package itself: no dependencies, and the platforms it declares.

private let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private func contents(_ path: String) throws -> String {
  try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
}

@Suite("The package")
struct PackageManifestTests {
  @Test("Sheath depends on no other package")
  func zeroDependencies() throws {
    let manifest = try contents("Package.swift")
    #expect(!manifest.contains(".package("), "Package.swift names a package dependency")
    #expect(!manifest.contains("dependencies: [.package"))
  }

  @Test("the platforms the manifest declares are the ones the README lists")
  func platforms() throws {
    let manifest = try contents("Package.swift")
    #expect(manifest.contains("platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)]"))
    let readme = try contents("README.md")
    #expect(readme.contains("macOS 12+, iOS 15+, tvOS 15+, watchOS 8+"))
  }
}

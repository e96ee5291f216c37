import Foundation
import Testing

/// A snippet of code that uses Sheath, and every error the compiler gives for it.
struct Snippet: CustomTestStringConvertible, Sendable {
  let name: String
  let source: String
  /// Every error the compiler gives, one `error: …` line each, in order and word for word; empty when
  /// the snippet must compile. Swift's "failed to produce diagnostic" (``givesUp``) is pinned like any
  /// other message: a gap in Swift that Troubleshooting documents, never allowed by accident.
  let errors: String
  /// Where the snippet is written, where a mismatch is reported.
  let sourceLocation: SourceLocation

  init(name: String, source: String, errors: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
    self.name = name
    self.source = source
    self.errors = errors
    self.sourceLocation = sourceLocation
  }

  var testDescription: String { name }

  /// What Swift says when it cannot explain an error.
  static let givesUp =
    "error: failed to produce diagnostic for expression; please submit a bug report (https://swift.org/contributing/#reporting-bugs)"

  /// Type-checks `declarations` followed by the snippet against the built Sheath: it compiles, or the
  /// compiler gives exactly the expected errors.
  func check(after declarations: String) async throws {
    let location = try #require(BuiltSheath.location, "Sheath's built module was not found; run `swift build` first")
    let output = try await location.typecheck(declarations + source)
    let errors = output.text.split(separator: "\n").compactMap { line in
      line.range(of: ": error: ").map { "error: " + line[$0.upperBound...] }
    }
    expectText(errors.joined(separator: "\n"), self.errors, sourceLocation: sourceLocation)
    #expect(
      (output.status == 0) == errors.isEmpty, "swiftc exited with \(output.status):\n\(output.text)",
      sourceLocation: sourceLocation)
  }
}

/// Where `swift build` put the Sheath module these tests run against.
struct BuiltSheath: Sendable {
  /// The build products directory: `.build/<triple>/debug`, or `.build/debug`.
  let products: URL

  /// Whether the compiler-message tests run: when the module is found, and always when
  /// `SHEATH_REQUIRE_BUILT_MODULE=1` (CI sets it), so that a module that cannot be found fails them
  /// there instead of skipping them.
  static var isAvailableOrRequired: Bool {
    location != nil || ProcessInfo.processInfo.environment["SHEATH_REQUIRE_BUILT_MODULE"] == "1"
  }

  /// The module next to the running test binary, else under the package's `.build*` directories.
  static let location: BuiltSheath? = {
    let packageRoot = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    var candidates: [URL] = []
    // The test binary lives in the products directory (Linux) or in a bundle inside it (macOS).
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    for _ in 0..<5 {
      candidates.append(directory)
      directory.deleteLastPathComponent()
    }
    let manager = FileManager.default
    let scratch = (try? manager.contentsOfDirectory(atPath: packageRoot.path)) ?? []
    for name in scratch.sorted() where name.hasPrefix(".build") {
      let build = packageRoot.appendingPathComponent(name)
      candidates.append(build.appendingPathComponent("debug"))
      for triple in (try? manager.contentsOfDirectory(atPath: build.path)) ?? [] {
        candidates.append(build.appendingPathComponent(triple).appendingPathComponent("debug"))
      }
    }
    return candidates.first { manager.fileExists(atPath: $0.appendingPathComponent("Modules/Sheath.swiftmodule").path) }
      .map(BuiltSheath.init)
  }()

  /// One module cache for every snippet, kept between runs: building the system modules into a fresh
  /// cache takes a second or more per snippet. Clang validates and locks the cache itself.
  static let moduleCache = FileManager.default.temporaryDirectory
    .appendingPathComponent("sheath-typecheck-module-cache")

  /// Type-checks `source` in Swift 6 mode against the built module; returns the exit status and what
  /// the compiler printed.
  func typecheck(_ source: String) async throws -> (status: Int32, text: String) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheath-typecheck-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("Snippet.swift")
    try source.write(to: file, atomically: true, encoding: .utf8)

    var arguments = [
      "swiftc", "-typecheck", "-swift-version", "6", "-module-name", "Snippet",
      "-module-cache-path", Self.moduleCache.path,
      "-I", products.appendingPathComponent("Modules").path,
    ]
    // Sheath imports the C atomics module; SwiftPM generates its module map in the build directory.
    let moduleMap = products.appendingPathComponent("CSheathRuntime.build/module.modulemap")
    if FileManager.default.fileExists(atPath: moduleMap.path) {
      arguments += ["-Xcc", "-fmodule-map-file=\(moduleMap.path)"]
    }
    let packageRoot = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    arguments += ["-Xcc", "-I" + packageRoot.appendingPathComponent("Sources/CSheathRuntime/include").path, file.path]

    let command = arguments
    // NB: waits on a dispatch thread, not in the test's task: blocking the cooperative pool (two
    // threads on a two-core machine) would stall every other async test meanwhile.
    return try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do {
          try process.run()
        } catch {
          continuation.resume(throwing: error)
          return
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        continuation.resume(returning: (process.terminationStatus, String(decoding: data, as: UTF8.self)))
      }
    }
  }
}

import Foundation
import Testing

/// The Sheath module this package built, and a compiler run against it in this package's mode.
nonisolated struct BuiltSheath: Sendable {
  /// The build products directory: `.build/<triple>/debug`, or `.build/debug`.
  let products: URL

  /// This package's folder, Tests/DefaultMainActor.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Whether the compiler-message tests run: when the module is found, and always when
  /// `SHEATH_REQUIRE_BUILT_MODULE=1` (CI sets it), so that a module that cannot be found fails them
  /// there instead of skipping them.
  static var isAvailableOrRequired: Bool {
    location != nil || ProcessInfo.processInfo.environment["SHEATH_REQUIRE_BUILT_MODULE"] == "1"
  }

  /// The products directory next to the running test binary, else under this package's `.build`.
  static let location: BuiltSheath? = {
    var candidates: [URL] = []
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    for _ in 0..<5 {
      candidates.append(directory)
      directory.deleteLastPathComponent()
    }
    candidates.append(packageRoot.appendingPathComponent(".build/debug"))
    return candidates.first {
      FileManager.default.fileExists(atPath: $0.appendingPathComponent("Modules/Sheath.swiftmodule").path)
    }
    .map(BuiltSheath.init)
  }()

  /// One module cache for every run, kept between runs: a fresh one costs a second or more each.
  static let moduleCache = FileManager.default.temporaryDirectory
    .appendingPathComponent("sheath-default-main-actor-module-cache")

  /// Compiles `import Foundation`, `import Sheath` and `source` to SIL as this package's targets are
  /// compiled — type-checked, then checked for data races (the "sending …" errors come from the second
  /// pass, which `-typecheck` skips); returns each diagnostic as its text followed by `  at: ` and the
  /// source line it points at.
  func diagnose(_ source: String) async throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheath-dma-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("Snippet.swift")
    let text = "import Foundation\nimport Sheath\n\n" + source + "\n"
    try text.write(to: file, atomically: true, encoding: .utf8)

    let repositoryRoot = Self.packageRoot.deletingLastPathComponent().deletingLastPathComponent()
    let arguments = [
      "swiftc", "-emit-sil", "-o", "/dev/null", "-swift-version", "6", "-module-name", "Snippet",
      "-default-isolation", "MainActor",
      "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
      "-enable-upcoming-feature", "InferIsolatedConformances",
      "-diagnostic-style", "llvm", "-module-cache-path", Self.moduleCache.path,
      "-I", products.appendingPathComponent("Modules").path,
      "-Xcc", "-fmodule-map-file=" + products.appendingPathComponent("CSheathRuntime.build/module.modulemap").path,
      "-Xcc", "-I" + repositoryRoot.appendingPathComponent("Sources/CSheathRuntime/include").path,
      file.path,
    ]
    let output = try await run(arguments)
    let lines = text.components(separatedBy: "\n")
    return output.components(separatedBy: "\n").compactMap { line -> String? in
      // `/…/Snippet.swift:12:5: error: text`
      guard line.hasPrefix(file.path + ":") else { return nil }
      let parts = line.dropFirst(file.path.count + 1).split(separator: ":", maxSplits: 2)
      guard parts.count == 3, let number = Int(parts[0]), number >= 1, number <= lines.count else { return nil }
      let message = parts[2].trimmingCharacters(in: .whitespaces)
      return message + "\n  at: " + lines[number - 1].trimmingCharacters(in: .whitespaces)
    }
    .joined(separator: "\n")
  }

  /// Runs `arguments` and returns what it printed.
  private func run(_ arguments: [String]) async throws -> String {
    // NB: waits on a dispatch thread, not in the test's task: blocking the cooperative pool (two threads
    // on a two-core machine) would stall the other tests meanwhile.
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
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
        continuation.resume(returning: String(decoding: data, as: UTF8.self))
      }
    }
  }
}

/// Compares a text with its expected value, word for word, and shows both when they differ.
func expectText(_ actual: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
  guard actual != expected else { return }
  Issue.record("Text differs.\n--- expected:\n\(expected)\n--- actual:\n\(actual)", sourceLocation: sourceLocation)
}

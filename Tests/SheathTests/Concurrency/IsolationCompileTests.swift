import Foundation
import Testing

/// A snippet of code that uses Sheath, and what the compiler must say about it.
struct Snippet: CustomTestStringConvertible, Sendable {
  let name: String
  let source: String
  /// Text the compiler's error must contain, or `nil` when the snippet must compile.
  let expectedError: String?

  var testDescription: String { name }
}

private let declarations = """
  import Sheath

  final class Presenter {}
  final class Database: Sendable {}

  extension Keys {
    static let number = Key<Int> { _ in 7 }
    static let presenter = MainActorKey<Presenter>(.singleton) { r in _ = r[.number]; return Presenter() }
    static let database = AsyncKey<Database>(.singleton) { r in _ = r[.number]; return Database() }
  }

  """

private let snippets = [
  Snippet(
    name: "main-actor code resolves main-actor keys without await; async code awaits async keys",
    source: """
      @MainActor func show(_ graph: Graph) -> Presenter { graph[.presenter] }
      func load(_ graph: Graph) async throws -> Database { try await graph[.database] }
      extension Keys {
        static let screen = MainActorKey<Presenter> { r in r[.presenter] }
        static let feed = AsyncKey<Database> { r in _ = r[.number]; return try await r[.database] }
      }
      """,
    expectedError: nil),
  Snippet(
    name: "nonisolated code cannot resolve a main-actor key",
    source: "func elsewhere(_ graph: Graph) { _ = graph[.presenter] }",
    expectedError:
      "error: main actor-isolated subscript 'subscript(_:)' can not be referenced from a nonisolated context"),
  Snippet(
    name: "async code cannot take a main-actor value that is not Sendable off the main actor",
    source: "func elsewhere(_ graph: Graph) async { _ = await graph[.presenter] }",
    expectedError:
      "error: non-Sendable result type 'Presenter' cannot be sent from main actor-isolated context in call to subscript 'subscript(_:)'"
  ),
  Snippet(
    name: "a synchronous factory cannot resolve a main-actor key",
    source: "extension Keys { static let holder = Key<Int> { r in _ = r[.presenter]; return 1 } }",
    expectedError:
      "error: 'subscript(_:)' is unavailable: a main-actor key is resolved on the main actor: make this key a MainActorKey too, or resolve it in @MainActor code"
  ),
  Snippet(
    name: "a synchronous factory cannot resolve an async key",
    source: "extension Keys { static let holder = Key<Int> { r in _ = r[.database]; return 1 } }",
    expectedError:
      "error: 'subscript(_:)' is unavailable: an async key is resolved with 'try await': make this key an AsyncKey too, or resolve the value first and pass it in"
  ),
  Snippet(
    name: "a synchronous factory cannot await",
    source: "extension Keys { static let holder = Key<Int> { r in _ = try await r[.database]; return 1 } }",
    expectedError:
      "error: cannot pass function of type '@Sendable (Resolver) async throws -> Int' to parameter expecting synchronous function type"
  ),
  Snippet(
    name: "an async factory cannot resolve a main-actor key",
    source: "extension Keys { static let holder = AsyncKey<Int> { r in _ = r[.presenter]; return 1 } }",
    expectedError:
      "error: 'subscript(_:)' is unavailable: an async factory does not run on the main actor: resolve main-actor keys in @MainActor code, or in a MainActorKey's factory"
  ),
  Snippet(
    name: "a main-actor factory cannot resolve an async key",
    source: "extension Keys { static let holder = MainActorKey<Int> { r in _ = r[.database]; return 1 } }",
    expectedError:
      "error: 'subscript(_:)' is unavailable: a main-actor factory cannot wait for an async key: resolve it first with 'try await graph[…]' and pass the value in"
  ),
]

@Suite("Isolation is checked by the compiler")
struct IsolationCompileTests {
  @Test(
    "swiftc -typecheck says what is wrong with each misuse",
    .enabled(
      if: BuiltSheath.location != nil,
      "Sheath's built module was not found next to the test binary or in .build*/; run `swift build` first"),
    arguments: snippets)
  func typecheck(_ snippet: Snippet) async throws {
    let location = try #require(BuiltSheath.location)
    let output = try await location.typecheck(declarations + snippet.source)
    if let expectedError = snippet.expectedError {
      #expect(output.status != 0, "the snippet compiled")
      #expect(output.text.contains(expectedError), "swiftc said:\n\(output.text)")
    } else {
      #expect(output.status == 0, "swiftc said:\n\(output.text)")
    }
  }
}

/// Where `swift build` put the Sheath module these tests run against.
struct BuiltSheath: Sendable {
  /// The build products directory: `.build/<triple>/debug`, or `.build/debug`.
  let products: URL

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

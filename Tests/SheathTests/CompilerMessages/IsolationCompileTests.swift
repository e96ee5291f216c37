import Foundation
import Testing

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
      """),
  Snippet(
    name: "nonisolated code cannot resolve a main-actor key",
    source: "func elsewhere(_ graph: Graph) { _ = graph[.presenter] }",
    errors:
      "error: main actor-isolated subscript 'subscript(_:fileID:line:)' can not be referenced from a nonisolated context"
  ),
  Snippet(
    name: "async code cannot take a main-actor value that is not Sendable off the main actor",
    source: "func elsewhere(_ graph: Graph) async { _ = await graph[.presenter] }",
    errors:
      "error: non-Sendable result type 'Presenter' cannot be sent from main actor-isolated context in call to subscript 'subscript(_:fileID:line:)'"
  ),
  Snippet(
    name: "a synchronous factory cannot resolve a main-actor key",
    source: "extension Keys { static let holder = Key<Int> { r in _ = r[.presenter]; return 1 } }",
    errors:
      "error: 'subscript(_:)' is unavailable: a main-actor key is resolved on the main actor: make this key a MainActorKey too, or resolve it in @MainActor code"
  ),
  Snippet(
    name: "a synchronous factory cannot resolve an async key",
    source: "extension Keys { static let holder = Key<Int> { r in _ = r[.database]; return 1 } }",
    errors:
      "error: 'subscript(_:)' is unavailable: an async key is resolved with 'try await': make this key an AsyncKey too, or resolve the value first and pass it in"
  ),
  Snippet(
    name: "a synchronous factory cannot await",
    source: "extension Keys { static let holder = Key<Int> { r in _ = try await r[.database]; return 1 } }",
    errors: """
      error: invalid conversion from throwing function of type '@Sendable (Resolver) async throws -> Int' to non-throwing function type '@Sendable (Resolver) -> Int'
      error: cannot pass function of type '@Sendable (Resolver) async throws -> Int' to parameter expecting synchronous function type
      """
  ),
  Snippet(
    name: "an async factory cannot resolve a main-actor key",
    source: "extension Keys { static let holder = AsyncKey<Int> { r in _ = r[.presenter]; return 1 } }",
    errors:
      "error: 'subscript(_:)' is unavailable: an async factory does not run on the main actor: resolve main-actor keys in @MainActor code, or in a MainActorKey's factory"
  ),
  Snippet(
    name: "a main-actor factory cannot resolve an async key",
    source: "extension Keys { static let holder = MainActorKey<Int> { r in _ = r[.database]; return 1 } }",
    errors:
      "error: 'subscript(_:)' is unavailable: a main-actor factory cannot wait for an async key: resolve it first with 'try await graph[…]' and pass the value in"
  ),
]

@Suite("Isolation is checked by the compiler")
struct IsolationCompileTests {
  @Test(
    "swiftc -typecheck says what is wrong with each misuse",
    .enabled(
      if: BuiltSheath.isAvailableOrRequired,
      "Sheath's built module was not found next to the test binary or in .build*/; run `swift build` first"),
    arguments: snippets)
  func typecheck(_ snippet: Snippet) async throws {
    try await snippet.check(after: declarations)
  }
}

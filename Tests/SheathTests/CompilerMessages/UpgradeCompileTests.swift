import Foundation
import Testing

// Code written against Sheath 0.1 that no longer compiles is told what to write instead: each name 0.1
// had and this version removed is an unavailable stub (Sources/Sheath/Compatibility/Unavailable+0.1.swift)
// whose message says what replaced it. One 0.1 snippet per stub, with the whole diagnostic; the last
// snippets are 0.1 code that still compiles, so that no stub takes a call current code makes.

private let declarations = """
  import Sheath

  final class Form: Sendable {}
  final class Database: Sendable {}
  @MainActor final class Screen {}

  extension Keys {
    static let form = AssistedKey<String, Form> { _, _ in Form() }
    static let token = Key<String>.required()
  }

  """

/// What verify() and dot() with 0.1's sample arguments say.
private let verifyTakesNoArguments =
  "verify() takes no arguments: it reads every key as data; call verify() or verify(entryPoints: [...])"
private let dotTakesNoArguments =
  "dot() takes no arguments: it reads every key as data; call dot() or dot(entryPoints: [...])"
/// What a key initializer that took 0.1's `filePath:` says.
private let keyTakesNoFilePath =
  "a key no longer takes filePath:; forward fileID: StaticString = #fileID, line: UInt = #line, "
  + "column: UInt = #column, function: StaticString = #function, or pass name:"

private let snippets = [
  // verify(arguments:) and dot(arguments:): declared assisted keys need no sample argument.
  Snippet(
    name: "0.1's VerificationArguments",
    source: "func f() { _ = VerificationArguments() }",
    errors: "error: 'VerificationArguments' is unavailable: \(verifyTakesNoArguments)"),
  Snippet(
    name: "0.1's sample argument for an assisted key",
    source: """
      func f() {
        var arguments = VerificationArguments()
        arguments.provide(.form, "Sign in")
      }
      """,
    errors: """
      error: 'VerificationArguments' is unavailable: \(verifyTakesNoArguments)
      error: 'provide' is unavailable: verify() needs no sample arguments: it reads an assisted key's declared \
      dependencies; delete this line
      """),
  Snippet(
    name: "0.1's verify(arguments:)",
    source: """
      func f(_ graph: Graph, _ arguments: VerificationArguments) throws {
        try graph.verify(arguments: arguments)
      }
      """,
    errors: """
      error: 'VerificationArguments' is unavailable: \(verifyTakesNoArguments)
      error: 'verify(scopes:arguments:entryPoints:)' is unavailable: \(verifyTakesNoArguments)
      """),
  Snippet(
    name: "0.1's verify(scopes:arguments:entryPoints:)",
    source: """
      func f(_ graph: Graph, _ arguments: VerificationArguments) throws {
        try graph.verify(scopes: [], arguments: arguments, entryPoints: [Keys.form])
      }
      """,
    errors: """
      error: 'VerificationArguments' is unavailable: \(verifyTakesNoArguments)
      error: 'verify(scopes:arguments:entryPoints:)' is unavailable: \(verifyTakesNoArguments)
      """),
  Snippet(
    name: "0.1's dot(arguments:)",
    source: """
      func f(_ graph: Graph, _ arguments: VerificationArguments) -> String {
        graph.dot(arguments: arguments)
      }
      """,
    errors: """
      error: 'VerificationArguments' is unavailable: \(verifyTakesNoArguments)
      error: 'dot(scopes:arguments:entryPoints:)' is unavailable: \(dotTakesNoArguments)
      """),

  // Errors: one type for a graph that is wrong, whichever call found it.
  Snippet(
    name: "0.1's VerificationError",
    source: "func f(_ error: any Error) -> Int? { (error as? VerificationError)?.problems.count }",
    errors: "error: 'VerificationError' has been renamed to 'GraphError'"),
  // NB: Swift 6.3 reports an unavailable type in a `catch let … as` pattern twice.
  Snippet(
    name: "0.1's VerificationError caught, and its skipped keys",
    source: """
      func f(_ graph: Graph) {
        do { try graph.verify() } catch let error as VerificationError { print(error.skipped) } catch {}
      }
      """,
    errors: """
      error: 'skipped' is unavailable: what verify() did not check is in its report: write error.report?.unchecked
      error: 'VerificationError' has been renamed to 'GraphError'
      error: 'VerificationError' has been renamed to 'GraphError'
      """),
  Snippet(
    name: "0.1's skipped keys of a verification error, on GraphError",
    source: "func f(_ error: GraphError) -> [String] { error.skipped }",
    errors: """
      error: 'skipped' is unavailable: what verify() did not check is in its report: write error.report?.unchecked
      """),
  Snippet(
    name: "0.1's GraphProblem",
    source: "let kinds: [GraphProblem.Kind] = [.missingBinding]",
    errors: "error: 'GraphProblem' has been renamed to 'GraphError.Problem'"),
  Snippet(
    name: "0.1's VerificationProblem",
    source: "func f(_ problem: VerificationProblem) -> String { problem.keyName }",
    errors: "error: 'VerificationProblem' has been renamed to 'GraphError.Problem'"),
  Snippet(
    name: "0.1's EnvironmentError",
    source: "func f(_ error: any Error) -> [AppEnvironment]? { (error as? EnvironmentError)?.known }",
    errors: "error: 'EnvironmentError' has been renamed to 'AppEnvironment.DetectionError'"),

  // A helper that made keys, forwarding 0.1's `fileID: String, filePath: String, line: Int`.
  Snippet(
    name: "0.1's Key initializer with filePath:",
    source: """
      func makeKey<Value>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ factory: @escaping @Sendable (Resolver) -> Value
      ) -> Key<Value> {
        Key(fileID: fileID, filePath: filePath, line: line, factory)
      }
      """,
    errors: "error: 'init(_:test:name:fileID:filePath:line:_:)' is unavailable: \(keyTakesNoFilePath)"),
  Snippet(
    name: "0.1's Key.required with filePath:",
    source: """
      func makeKey<Value>(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line) -> Key<Value> {
        .required(fileID: fileID, filePath: filePath, line: line)
      }
      """,
    errors: "error: 'required(_:name:fileID:filePath:line:)' is unavailable: \(keyTakesNoFilePath)"),
  Snippet(
    name: "0.1's AssistedKey initializer with filePath:",
    source: """
      func makeKey(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line) -> AssistedKey<String, Form> {
        AssistedKey(fileID: fileID, filePath: filePath, line: line) { _, _ in Form() }
      }
      """,
    errors: "error: 'init(name:fileID:filePath:line:_:)' is unavailable: \(keyTakesNoFilePath)"),
  Snippet(
    name: "0.1's MainActorKey initializer with filePath:",
    source: """
      func makeKey(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line) -> MainActorKey<Screen> {
        MainActorKey(fileID: fileID, filePath: filePath, line: line) { _ in Screen() }
      }
      """,
    errors: "error: 'init(_:name:fileID:filePath:line:_:)' is unavailable: \(keyTakesNoFilePath)"),
  Snippet(
    name: "0.1's MainActorAssistedKey initializer with filePath:",
    source: """
      func makeKey(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
      ) -> MainActorAssistedKey<Int, Screen> {
        MainActorAssistedKey(fileID: fileID, filePath: filePath, line: line) { _, _ in Screen() }
      }
      """,
    errors: "error: 'init(name:fileID:filePath:line:_:)' is unavailable: \(keyTakesNoFilePath)"),
  Snippet(
    name: "0.1's AsyncKey initializer with filePath:",
    source: """
      func makeKey(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line) -> AsyncKey<Database> {
        AsyncKey(.singleton, fileID: fileID, filePath: filePath, line: line) { _ in Database() }
      }
      """,
    errors: "error: 'init(_:name:fileID:filePath:line:_:)' is unavailable: \(keyTakesNoFilePath)"),
  Snippet(
    name: "0.1's CollectionKey initializer with filePath:",
    source: """
      func makeKey(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line) -> CollectionKey<Int> {
        CollectionKey(fileID: fileID, filePath: filePath, line: line)
      }
      """,
    errors: "error: 'init(_:name:fileID:filePath:line:)' is unavailable: \(keyTakesNoFilePath)"),
  Snippet(
    name: "0.1's MapKey initializer with filePath:",
    source: """
      func makeKey(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line) -> MapKey<String, Int> {
        MapKey(fileID: fileID, filePath: filePath, line: line)
      }
      """,
    errors: "error: 'init(_:name:fileID:filePath:line:)' is unavailable: \(keyTakesNoFilePath)"),

  // 0.1 code that still compiles: no stub takes these calls.
  Snippet(
    name: "0.1's keys, with their names and sites given as literals, still compile",
    source: """
      extension Keys {
        static let named = Key<Int>(name: "Keys.named", fileID: "App/Keys.swift", line: 3) { _ in 1 }
        static let namedRequired = Key<String>.required(name: "Keys.namedRequired", fileID: "App/Keys.swift", line: 4)
        static let assisted = AssistedKey<Int, Int>(name: "Keys.assisted", fileID: "App/Keys.swift", line: 5) { _, n in n }
        static let items = CollectionKey<Int>()
        static let byName = MapKey<String, Int>(.singleton)
        static let screen = MainActorKey<Screen> { _ in Screen() }
        static let screenFor = MainActorAssistedKey<Int, Screen> { _, _ in Screen() }
        static let database = AsyncKey<Database>(.singleton) { _ in Database() }
      }
      """),
  Snippet(
    name: "0.1's verify() and dot() without arguments, and its errors by their new names, still compile",
    source: """
      func f(_ graph: Graph) throws {
        let report = try graph.verify()
        _ = try graph.verify(entryPoints: [Keys.form])
        _ = try graph.verify(scopes: [], entryPoints: [])
        _ = (graph.dot(), graph.dot(entryPoints: [Keys.form]), report.verifiedKeys)
        do { try graph.verify() } catch let error as GraphError {
          print(error.problems.map(\\.kind) == [.missingBinding], error.report?.unchecked ?? [])
        }
        let kinds: [GraphError.Problem.Kind] = [.missingBinding, .captiveDependency, .weakValueNotAnObject]
        _ = kinds
        do { _ = try AppEnvironment.detect() } catch let error as AppEnvironment.DetectionError { print(error.known) }
      }
      """),
]

@Suite("Upgrading from 0.1: each removed name says what to write instead")
struct UpgradeCompileTests {
  @Test(
    "swiftc -typecheck names the replacement of each 0.1 name",
    .enabled(
      if: BuiltSheath.isAvailableOrRequired,
      "Sheath's built module was not found next to the test binary or in .build*/; run `swift build` first"),
    arguments: snippets)
  func typecheck(_ snippet: Snippet) async throws {
    try await snippet.check(after: declarations)
  }
}

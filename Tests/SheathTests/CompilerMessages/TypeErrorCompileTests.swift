import Foundation
import Testing

// Every misuse the type system catches in resolving keys, in multibindings, decorators and fixed values,
// and in keys stored in `static let`s, is an error that names the types involved: the key decides the
// types, through its base class (BindableKey, ContributableKey). KeyDeclarationCompileTests and
// BindingCompileTests cover keys declared as the docs declare them, and the modules that bind them.

private let declarations = """
  import Sheath

  protocol Greeter: Sendable {}
  struct Hello: Greeter {}
  struct NotAGreeter {}
  final class Presenter {}
  final class Database: Sendable {}
  protocol View: AnyObject {}
  final class ScreenModel { init(view: any View) {} }

  extension Keys {
    static let number = Key<Int> { _ in 7 }
    static let greeter = Key<any Greeter> { _ in Hello() }
    static let trackers = CollectionKey<String>()
    static let screens = MapKey<String, Int>()
    static let presenter = MainActorKey<Presenter>(.singleton) { _ in Presenter() }
    static let database = AsyncKey<Database>(.singleton) { _ in Database() }
    static let form = AssistedKey<String, Int> { _, text in text.count }
    static let screen = MainActorAssistedKey<any View, ScreenModel> { _, view in ScreenModel(view: view) }
  }

  """

private let snippets = [
  Snippet(
    name: "the documented forms compile",
    source: """
      func wire(_ b: inout Bindings) {
        b.bind(.greeter) { _ in Hello() }
        b.override(.number, to: 3)
        b.bind(.database) { _ in Database() }
        b.contribute(to: .trackers) { _ in "console" }
        b.contribute(to: .screens, entry: "profile") { _ in 1 }
        b.decorate(.greeter) { _, greeter in greeter }
        b.bind(.form) { _, text in text.count + 1 }
      }
      @MainActor func use(_ g: Graph) async throws {
        let n: Int = g[.number]
        let all: [String] = g[.trackers]
        let p: Presenter = g[.presenter]
        let d: Database = try await g[.database]
        _ = (n, all, p, d, g.make(.form, "x"))
      }
      """),
  Snippet(
    name: "a key declared with its type written out, as the docs write keys",
    source: """
      extension Keys {
        static let typedGreeter: Key<any Greeter> = Key(.singleton) { _ in Hello() }
        static let typedForm: AssistedKey<String, Int> =
          AssistedKey { r, text in text.count + r[.number] }
        static let typedPresenter: MainActorKey<Presenter> = MainActorKey { _ in Presenter() }
        static let typedDatabase: AsyncKey<Database> = AsyncKey(.singleton) { _ in Database() }
        static let typedNumber: Key<Int> = .required()
      }
      """),
  // Shared lifetimes need Sendable values: an instance shared between threads must be safe to share.
  Snippet(
    name: "a singleton of a value that is not Sendable",
    source: "extension Keys { static let shared: Key<Presenter> = Key(.singleton) { _ in Presenter() } }",
    errors: "error: type 'Presenter' does not conform to the 'Sendable' protocol"),
  Snippet(
    name: "a weak instance of a value that is not Sendable",
    source: "extension Keys { static let held: Key<Presenter> = Key(.weak) { _ in Presenter() } }",
    errors: "error: type 'Presenter' does not conform to the 'Sendable' protocol"),
  Snippet(
    name: "a scoped instance of a value that is not Sendable",
    source: """
      extension Scope { static let flow = Scope("flow") }
      extension Keys { static let perFlow: Key<Presenter> = Key(.scoped(.flow)) { _ in Presenter() } }
      """,
    errors: "error: type 'Presenter' does not conform to the 'Sendable' protocol"),
  Snippet(
    name: "a singleton binding of a value that is not Sendable",
    source: """
      extension Keys { static let made = Key<Presenter>.required() }
      func f(_ b: inout Bindings) { b.bind(.made, .singleton) { _ in Presenter() } }
      """,
    errors: "error: type 'Presenter' does not conform to the 'Sendable' protocol"),
  Snippet(
    name: "a factory of the wrong type in a key declared with its type",
    source: "extension Keys { static let other: Key<any Greeter> = Key { _ in NotAGreeter() } }",
    errors: "error: cannot convert value of type 'NotAGreeter' to closure result type 'any Greeter'"),
  Snippet(
    name: "a key of one kind declared as another",
    source: "extension Keys { static let other: Key<any Greeter> = MainActorKey { _ in Hello() } }",
    errors: "error: cannot convert value of type 'MainActorKey<Hello>' to specified type 'Key<any Greeter>'"),
  // A misspelled key does not compile (the migration articles promise it), and the compiler says the key
  // type has no such member. NB: the unavailable subscript in Resolving+MisspelledKey.swift makes that the
  // whole message.
  Snippet(
    name: "a misspelled key in a graph lookup",
    source: "func f(_ g: Graph) { let n: Int = g[.numbr]; _ = n }",
    errors: "error: type 'Key<Int>' has no member 'numbr'"),
  Snippet(
    name: "a misspelled key in a graph lookup of no stated type",
    source: "func f(_ g: Graph) { _ = g[.numbr] }",
    errors: "error: type 'Key<Value>' has no member 'numbr'"),
  Snippet(
    name: "a misspelled key in a graph lookup passed as an argument",
    source: """
      struct Welcome { init(_ greeter: any Greeter) {} }
      func f(_ g: Graph) { _ = Welcome(g[.greetr]) }
      """,
    errors: "error: type 'Key<any Greeter>' has no member 'greetr'"),
  Snippet(
    name: "a misspelled main-actor key in a graph lookup",
    source: "@MainActor func f(_ g: Graph) { let p: Presenter = g[.presentr]; _ = p }",
    errors: "error: type 'Key<Presenter>' has no member 'presentr'"),
  Snippet(
    name: "a misspelled async key in a graph lookup",
    source: "func f(_ g: Graph) async throws { let d: Database = try await g[.databse]; _ = d }",
    errors: "error: type 'Key<Database>' has no member 'databse'"),
  // Inside a `{ r in … }` factory the compiler also tries the declared form of no dependencies, and says
  // first that the closure takes no argument: the Troubleshooting article says so.
  Snippet(
    name: "a misspelled key in a factory first blames the declared form",
    source: "extension Keys { static let total: Key<Int> = Key { r in r[.numbr] + 1 } }",
    errors: """
      error: contextual closure type '@Sendable () -> Int' expects 0 arguments, but 1 was used in closure body
      error: cannot infer contextual base in reference to member 'numbr'
      """),
  Snippet(
    name: "a misspelled key passed as an argument",
    source: """
      struct Welcome { init(_ greeter: any Greeter) {} }
      extension Keys { static let welcome: Key<Welcome> = Key { r in Welcome(r[.greetr]) } }
      """,
    errors: """
      error: contextual closure type '@Sendable () -> Welcome' expects 0 arguments, but 1 was used in closure body
      error: cannot infer contextual base in reference to member 'greetr'
      """),
  // In a declared dependency list, the lookup has its key type, and the message says what is missing.
  Snippet(
    name: "a misspelled key in a declared dependency list",
    source: """
      struct Welcome { init(_ greeter: any Greeter) {} }
      extension Keys { static let welcome: Key<Welcome> = Key(.transient, .greetr) { greeter in Welcome(greeter) } }
      """,
    errors: "error: type 'Key<any Greeter>' has no member 'greetr'"),
  Snippet(
    name: "a declared factory of the wrong type",
    source: """
      struct Welcome { init(_ greeter: any Greeter) {} }
      extension Keys { static let welcome: Key<Welcome> = Key(.transient, .greeter) { greeter in "hello" } }
      """,
    errors: "error: cannot convert value of type 'String' to closure result type 'Welcome'"),
  Snippet(
    name: "a factory of the wrong type in bind",
    source: "func f(_ b: inout Bindings) { b.bind(.greeter) { _ in NotAGreeter() } }",
    errors: "error: cannot convert value of type 'NotAGreeter' to closure result type 'any Greeter'"),
  Snippet(
    name: "a factory of the wrong type in override",
    source: #"func f(_ b: inout Bindings) { b.override(.number) { _ in "one" } }"#,
    errors: "error: cannot convert value of type 'String' to closure result type 'Int'"),
  Snippet(
    name: "an async factory of the wrong type",
    source: "func f(_ b: inout Bindings) { b.bind(.database) { _ in 1 } }",
    errors: "error: cannot convert value of type 'Int' to closure result type 'Database'"),
  Snippet(
    name: "an assisted factory of the wrong type",
    source: "func f(_ b: inout Bindings) { b.bind(.form) { _, text in text } }",
    errors: "error: cannot convert value of type 'String' to closure result type 'Int'"),
  Snippet(
    name: "a fixed value of the wrong type in bind(_:to:)",
    source: #"func f(_ b: inout Bindings) { b.bind(.number, to: "x") }"#,
    errors: "error: cannot convert value of type 'String' to expected argument type 'Int'"),
  Snippet(
    name: "a fixed value of the wrong type in override(_:to:) of an async key",
    source: "func f(_ b: inout Bindings) { b.override(.database, to: 3) }",
    errors: "error: cannot convert value of type 'Int' to expected argument type 'Database'"),
  Snippet(
    name: "a contribution of the wrong type to a collection",
    source: "func f(_ b: inout Bindings) { b.contribute(to: .trackers) { _ in 1 } }",
    errors: "error: cannot convert value of type 'Int' to closure result type 'String'"),
  Snippet(
    name: "a contribution of the wrong type to a map",
    source: #"func f(_ b: inout Bindings) { b.contribute(to: .screens, entry: "a") { _ in "x" } }"#,
    errors: "error: cannot convert value of type 'String' to closure result type 'Int'"),
  Snippet(
    name: "a map entry key of the wrong type",
    source: "func f(_ b: inout Bindings) { b.contribute(to: .screens, entry: 1) { _ in 1 } }",
    errors: "error: cannot convert value of type 'Int' to expected argument type 'String'"),
  // A collection's elements have no entry: its key's entry type is `Never`.
  Snippet(
    name: "a map entry without its key",
    source: "func f(_ b: inout Bindings) { b.contribute(to: .screens) { _ in 1 } }",
    errors: """
      error: member chain produces result of type 'ContributableKey<@Sendable (Resolver) -> Int, String, [String : Int]>' but contextual base was inferred as 'ContributableKey<@Sendable (Resolver) -> Int, Never, [String : Int]>'
      """),
  Snippet(
    name: "a collection element with an entry key",
    source: #"func f(_ b: inout Bindings) { b.contribute(to: .trackers, entry: "a") { _ in "x" } }"#,
    errors: "error: cannot convert value of type 'String' to expected argument type 'Never'"),
  Snippet(
    name: "a decorator of the wrong type",
    source: "func f(_ b: inout Bindings) { b.decorate(.greeter) { _, _ in NotAGreeter() } }",
    errors: "error: cannot convert value of type 'NotAGreeter' to closure result type 'any Greeter'"),
  Snippet(
    name: "a wrong assisted argument",
    source: "func f(_ g: Graph) { _ = g.make(.form, 42) }",
    errors: "error: cannot convert value of type 'Int' to expected argument type 'String'"),
  Snippet(
    name: "a wrong main-actor assisted argument",
    source: "@MainActor func f(_ g: Graph) { _ = g.make(.screen, 42) }",
    errors: "error: argument type 'Int' does not conform to expected type 'View'"),
  Snippet(
    name: "a wrong result type at resolution",
    source: "func f(_ g: Graph) { let s: String = g[.number]; _ = s }",
    errors: "error: cannot convert value of type 'Int' to specified type 'String'"),
  Snippet(
    name: "a wrong result type in a factory",
    source: "func f(_ r: Resolver) { let s: String = r[.number]; _ = s }",
    errors: "error: cannot convert value of type 'Int' to specified type 'String'"),
  Snippet(
    name: "an assisted key resolved as its value instead of its factory",
    source: "func f(_ g: Graph) { let s: String = g[.form]; _ = s }",
    errors: "error: cannot convert value of type 'AssistedFactory<String, Int>' to specified type 'String'"),
  Snippet(
    name: "a wrong result type of a collection",
    source: "func f(_ g: Graph) { let s: [Int] = g[.trackers]; _ = s }",
    errors: "error: cannot assign value of type '[String]' to type '[Int]'"),
  Snippet(
    name: "a wrong result type of a main-actor key",
    source: "@MainActor func f(_ g: Graph) { let s: String = g[.presenter]; _ = s }",
    errors: "error: cannot convert value of type 'Presenter' to specified type 'String'"),
  Snippet(
    name: "a wrong result type of an async key",
    source: "func f(_ g: Graph) async throws { let s: String = try await g[.database]; _ = s }",
    errors: "error: cannot convert value of type 'Database' to specified type 'String'"),
  Snippet(
    name: "an async key without await",
    source: "func f(_ g: Graph) async { _ = try? g[.database] }",
    errors: "error: expression is 'async' but is not marked with 'await'"),
  Snippet(
    name: "an async key outside async code",
    source: "func f(_ g: Graph) { _ = g[.database] }",
    errors: """
      error: 'async' subscript access in a function that does not support concurrency
      error: subscript access can throw, but it is not marked with 'try' and the error is not handled
      """),
  Snippet(
    name: "a provider of the wrong type",
    source: "func f(_ g: Graph) { let p: Provider<String> = g.provider(.number); _ = p }",
    errors: "error: member chain produces result of type 'Key<Int>' but contextual base was inferred as 'Key<String>'"
  ),
]

@Suite("Type errors name their types")
struct TypeErrorCompileTests {
  @Test(
    "swiftc -typecheck says what is wrong with each misuse, naming the types",
    .enabled(
      if: BuiltSheath.isAvailableOrRequired,
      "Sheath's built module was not found next to the test binary or in .build*/; run `swift build` first"),
    arguments: snippets)
  func typecheck(_ snippet: Snippet) async throws {
    try await snippet.check(after: declarations)
  }
}

import Foundation
import Testing

// What the compiler says about each common mistake in a key declared as the docs declare keys: a computed
// static property whose key declares its dependencies (`Key(.singleton, .httpClient) { http in … }`), or
// resolves them through a resolver (`Key { r in … }`), for every kind of key. Where Swift 6.3 gives up
// ("failed to produce diagnostic"), the snippet pins that too, and the Troubleshooting article says what
// the user sees and what it means.

private let declarations = """
  import Sheath

  protocol BooksAPI: Sendable {}
  struct LiveBooksAPI: BooksAPI { init(http: any HTTPClient, baseURL: String) {} }
  struct NotAnAPI {}
  protocol HTTPClient: Sendable {}
  struct URLSessionHTTPClient: HTTPClient {}
  struct Welcome { init(_ http: any HTTPClient) {} }
  final class Presenter {}
  final class Database: Sendable {}

  extension Keys {
    static var httpClient: Key<any HTTPClient> { Key(.singleton) { URLSessionHTTPClient() } }
    static var apiBaseURL: Key<String> { .required(.singleton) }
    static var count: Key<Int> { Key { 7 } }
    static var presenter: MainActorKey<Presenter> { MainActorKey { Presenter() } }
    static var database: AsyncKey<Database> { AsyncKey(.singleton) { Database() } }
  }

  """

private let snippets = [
  Snippet(
    name: "the documented forms compile",
    source: """
      extension Keys {
        static var booksAPI: Key<any BooksAPI> {
          Key(.singleton, .httpClient, .apiBaseURL) { http, url in LiveBooksAPI(http: http, baseURL: url) }
        }
        static var welcome: Key<Welcome> { Key(.transient, .httpClient) { http in Welcome(http) } }
        static var total: Key<Int> { Key { r in r[.count] + 1 } }
        static var screen: MainActorKey<Presenter> { MainActorKey(.singleton, .count) { _ in Presenter() } }
        static var panel: MainActorKey<Presenter> { MainActorKey(.transient, .presenter, .count) { presenter, _ in presenter } }
        static var pane: MainActorAssistedKey<String, Presenter> { MainActorAssistedKey(.presenter) { _, presenter in presenter } }
        static var replica: AsyncKey<Database> { AsyncKey(.singleton, .database, .count) { database, _ in database } }
        static var store: AsyncKey<Database> { AsyncKey(.singleton, .count) { _ in Database() } }
        static var form: AssistedKey<String, Int> { AssistedKey(.count) { text, count in text.count + count } }
        static var sheet: MainActorAssistedKey<String, Presenter> { MainActorAssistedKey { _ in Presenter() } }
      }
      """),
  // A factory of the wrong type is an error that names both types, for every kind of key and every form
  // of factory.
  Snippet(
    name: "a factory of the wrong type",
    source: "extension Keys { static var booksAPI: Key<any BooksAPI> { Key { NotAnAPI() } } }",
    errors: "error: cannot convert value of type 'NotAnAPI' to closure result type 'any BooksAPI'"),
  Snippet(
    name: "a factory of the wrong type with a lifetime",
    source: "extension Keys { static var booksAPI: Key<any BooksAPI> { Key(.singleton) { NotAnAPI() } } }",
    errors: "error: cannot convert value of type 'NotAnAPI' to closure result type 'any BooksAPI'"),
  Snippet(
    name: "a declared factory of the wrong type",
    source: """
      extension Keys {
        static var booksAPI: Key<any BooksAPI> { Key(.singleton, .httpClient, .apiBaseURL) { http, url in NotAnAPI() } }
      }
      """,
    errors: "error: cannot convert value of type 'NotAnAPI' to closure result type 'any BooksAPI'"),
  Snippet(
    name: "a resolver factory of the wrong type",
    source: "extension Keys { static var booksAPI: Key<any BooksAPI> { Key { r in NotAnAPI() } } }",
    errors: "error: cannot convert value of type 'NotAnAPI' to closure result type 'any BooksAPI'"),
  Snippet(
    name: "a literal of the wrong type",
    source:
      #"extension Keys { static var booksAPI: Key<Int> { Key(.singleton, .httpClient) { http in "not a number" } } }"#,
    errors: "error: cannot convert value of type 'String' to closure result type 'Int'"),
  Snippet(
    name: "a main-actor factory of the wrong type",
    source: "extension Keys { static var screen: MainActorKey<Presenter> { MainActorKey { Database() } } }",
    errors: "error: cannot convert value of type 'Database' to closure result type 'Presenter'"),
  Snippet(
    name: "a declared main-actor factory of the wrong type",
    source:
      "extension Keys { static var screen: MainActorKey<Presenter> { MainActorKey(.singleton, .count) { count in Database() } } }",
    errors: "error: cannot convert value of type 'Database' to closure result type 'Presenter'"),
  Snippet(
    name: "a main-actor resolver factory of the wrong type",
    source: "extension Keys { static var screen: MainActorKey<Presenter> { MainActorKey { r in Database() } } }",
    errors: "error: cannot convert value of type 'Database' to closure result type 'Presenter'"),
  Snippet(
    name: "an async factory of the wrong type",
    source: "extension Keys { static var store: AsyncKey<Database> { AsyncKey { Presenter() } } }",
    errors: "error: cannot convert value of type 'Presenter' to closure result type 'Database'"),
  Snippet(
    name: "a declared async factory of the wrong type",
    source:
      "extension Keys { static var store: AsyncKey<Database> { AsyncKey(.singleton, .count) { count in Presenter() } } }",
    errors: "error: cannot convert value of type 'Presenter' to closure result type 'Database'"),
  Snippet(
    name: "an async resolver factory of the wrong type",
    source: "extension Keys { static var store: AsyncKey<Database> { AsyncKey { r in Presenter() } } }",
    errors: "error: cannot convert value of type 'Presenter' to closure result type 'Database'"),
  Snippet(
    name: "an assisted factory of the wrong type",
    source: "extension Keys { static var form: AssistedKey<String, Int> { AssistedKey { text in text } } }",
    errors: "error: cannot convert value of type 'String' to closure result type 'Int'"),
  Snippet(
    name: "a declared assisted factory of the wrong type",
    source:
      "extension Keys { static var form: AssistedKey<String, Int> { AssistedKey(.count) { text, count in text } } }",
    errors: "error: cannot convert value of type 'String' to closure result type 'Int'"),
  Snippet(
    name: "an assisted resolver factory of the wrong type",
    source: "extension Keys { static var form: AssistedKey<String, Int> { AssistedKey { r, text in text } } }",
    errors: "error: cannot convert value of type 'String' to closure result type 'Int'"),
  Snippet(
    name: "a main-actor assisted factory of the wrong type",
    source:
      "extension Keys { static var sheet: MainActorAssistedKey<String, Presenter> { MainActorAssistedKey { text in text } } }",
    errors: "error: cannot convert value of type 'String' to closure result type 'Presenter'"),
  Snippet(
    name: "a declared main-actor assisted factory of the wrong type",
    source: """
      extension Keys {
        static var sheet: MainActorAssistedKey<String, Presenter> { MainActorAssistedKey(.count) { text, count in text } }
      }
      """,
    errors: "error: cannot convert value of type 'String' to closure result type 'Presenter'"),
  Snippet(
    name: "a main-actor assisted resolver factory of the wrong type",
    source: """
      extension Keys {
        static var sheet: MainActorAssistedKey<String, Presenter> { MainActorAssistedKey { r, text in text } }
      }
      """,
    errors: "error: cannot convert value of type 'String' to closure result type 'Presenter'"),
  // NB: Swift 6.3 gives up when a closure returns a literal that is not of a protocol's type, with or
  // without Sheath (`func f(_ g: () -> any P) {}; f { "x" }` does too). The Troubleshooting article says
  // what it means.
  Snippet(
    name: "a literal where a protocol's type is wanted",
    source: #"extension Keys { static var booksAPI: Key<any BooksAPI> { Key { "not an API" } } }"#,
    errors: Snippet.givesUp),
  Snippet(
    name: "a number where a protocol's type is wanted",
    source: "extension Keys { static var booksAPI: Key<any BooksAPI> { Key { 42 } } }",
    errors: Snippet.givesUp),
  Snippet(
    name: "a literal where a protocol's type is wanted, in a stored key",
    source: #"extension Keys { static let booksAPI: Key<any BooksAPI> = Key { _ in "not an API" } }"#,
    errors: Snippet.givesUp),
  Snippet(
    name: "a literal where a protocol's type is wanted, in a declared factory",
    source:
      #"extension Keys { static var booksAPI: Key<any BooksAPI> { Key(.singleton, .httpClient) { http in "not an API" } } }"#,
    errors: Snippet.givesUp),
  // A declared dependency is looked up in its key type, and the message says what is missing or wrong.
  Snippet(
    name: "a misspelled dependency",
    source:
      "extension Keys { static var welcome: Key<Welcome> { Key(.transient, .htpClient) { http in Welcome(http) } } }",
    errors: "error: type 'Key<any HTTPClient>' has no member 'htpClient'"),
  Snippet(
    name: "a misspelled second dependency",
    source: """
      extension Keys {
        static var booksAPI: Key<any BooksAPI> {
          Key(.singleton, .httpClient, .apiBaseURl) { http, url in LiveBooksAPI(http: http, baseURL: url) }
        }
      }
      """,
    errors: "error: type 'Key<String>' has no member 'apiBaseURl'"),
  Snippet(
    name: "a dependency of the wrong type",
    source: "extension Keys { static var welcome: Key<Welcome> { Key(.transient, .count) { http in Welcome(http) } } }",
    errors:
      "error: member 'count' in 'Key<any HTTPClient>' produces result of type 'Key<Int>', but context expects 'Key<any HTTPClient>'"
  ),
  Snippet(
    name: "a main-actor key as the dependency of a plain key",
    source: "extension Keys { static var total: Key<Int> { Key(.singleton, .presenter) { presenter in 1 } } }",
    errors:
      "error: 'init(_:_:_:test:name:fileID:line:column:function:_:)' is unavailable: a plain key's factory cannot take a main-actor or async key's value: declare that key's .provider instead (a MainActorProvider or AsyncProvider, called where the value is needed), or make this key a MainActorKey or AsyncKey"
  ),
  Snippet(
    name: "a main-actor key as the second dependency of a plain assisted key",
    source:
      "extension Keys { static var form: AssistedKey<String, Int> { AssistedKey(.count, .presenter) { text, count, presenter in count } } }",
    errors:
      "error: 'init(_:_:name:fileID:line:column:function:_:)' is unavailable: a plain key's factory cannot take a main-actor or async key's value: declare that key's .provider instead (a MainActorProvider or AsyncProvider, called where the value is needed), or make this key a MainActorKey or AsyncKey"
  ),
  Snippet(
    name: "an async key as the dependency of a plain key",
    source: "extension Keys { static var total: Key<Int> { Key(.singleton, .database) { database in 1 } } }",
    errors:
      "error: 'init(_:_:_:test:name:fileID:line:column:function:_:)' is unavailable: a plain key's factory cannot take a main-actor or async key's value: declare that key's .provider instead (a MainActorProvider or AsyncProvider, called where the value is needed), or make this key a MainActorKey or AsyncKey"
  ),
  // A main-actor factory declares `TypedKey`s, which main-actor keys are too: the message names that type.
  Snippet(
    name: "a dependency of the wrong type, in a main-actor factory",
    source:
      "extension Keys { static var welcome: MainActorKey<Welcome> { MainActorKey(.transient, .presenter) { http in Welcome(http) } } }",
    errors:
      "error: member 'presenter' in 'TypedKey<any HTTPClient>' produces result of type 'TypedKey<Presenter>', but context expects 'TypedKey<any HTTPClient>'"
  ),
  Snippet(
    name: "a dependency of the wrong type, in an async factory",
    source:
      "extension Keys { static var welcome: AsyncKey<Database> { AsyncKey(.transient, .count) { (database: Database) in database } } }",
    errors:
      "error: member 'count' in 'TypedKey<Database>' produces result of type 'TypedKey<Int>', but context expects 'TypedKey<Database>'"
  ),
  Snippet(
    name: "a misspelled dependency, in a main-actor factory",
    source:
      "extension Keys { static var panel: MainActorKey<Presenter> { MainActorKey(.transient, .presentr) { presenter in presenter } } }",
    errors: "error: type 'TypedKey<Presenter>' has no member 'presentr'"),
  // The factory takes one argument per declared dependency.
  Snippet(
    name: "a factory of fewer arguments than dependencies",
    source: """
      extension Keys {
        static var booksAPI: Key<any BooksAPI> { Key(.singleton, .httpClient, .apiBaseURL) { http in LiveBooksAPI(http: http, baseURL: "") } }
      }
      """,
    errors:
      "error: contextual closure type '@Sendable (consuming any HTTPClient, consuming String) -> any BooksAPI' expects 2 arguments, but 1 was used in closure body"
  ),
  // NB: Swift 6.3 gives up when the factory takes more arguments than there are dependencies: it reads the
  // arguments as one tuple, and cannot say which of the two lists is wrong.
  Snippet(
    name: "a factory of more arguments than dependencies",
    source: """
      extension Keys {
        static var booksAPI: Key<any BooksAPI> { Key(.singleton, .httpClient) { http, url in LiveBooksAPI(http: http, baseURL: url) } }
      }
      """,
    errors: Snippet.givesUp),
  Snippet(
    name: "a factory of an argument without dependencies",
    source: "extension Keys { static var welcome: Key<Welcome> { Key(.singleton) { http in Welcome(http) } } }",
    errors:
      "error: contextual closure type '@Sendable () -> Welcome' expects 0 arguments, but 1 was used in closure body"),
  // A declared dependency list starts with the lifetime.
  Snippet(
    name: "dependencies without a lifetime",
    source: "extension Keys { static var welcome: Key<Welcome> { Key(.httpClient) { http in Welcome(http) } } }",
    errors: """
      error: contextual closure type '@Sendable () -> Welcome' expects 0 arguments, but 1 was used in closure body
      error: type 'Lifetime<Welcome>' has no member 'httpClient'
      """),
  Snippet(
    name: "a misspelled lifetime",
    source:
      "extension Keys { static var welcome: Key<Welcome> { Key(.singletn, .httpClient) { http in Welcome(http) } } }",
    errors: "error: type 'Lifetime<Welcome>' has no member 'singletn'"),
  // Shared lifetimes need Sendable values: an instance shared between threads must be safe to share.
  Snippet(
    name: "a singleton of a value that is not Sendable",
    source: "extension Keys { static var shared: Key<Presenter> { Key(.singleton) { Presenter() } } }",
    errors: "error: type 'Presenter' does not conform to the 'Sendable' protocol"),
  Snippet(
    name: "a declared singleton of a value that is not Sendable",
    source: "extension Keys { static var shared: Key<Presenter> { Key(.singleton, .count) { _ in Presenter() } } }",
    errors: "error: type 'Presenter' does not conform to the 'Sendable' protocol"),
  Snippet(
    name: "a weak instance of a value that is not Sendable",
    source: "extension Keys { static var held: Key<Presenter> { Key(.weak) { Presenter() } } }",
    errors: "error: type 'Presenter' does not conform to the 'Sendable' protocol"),
  // Troubleshooting ("failed to produce diagnostic"): more arguments than dependencies, where the key's
  // type is a concrete one, reads as a pack's shape.
  Snippet(
    name: "more arguments than dependencies, for a key of a concrete type",
    source: #"extension Keys { static var label: Key<String> { Key(.transient, .count) { count, extra in "x" } } }"#,
    errors: "error: pack expansion requires that '' and '_' have the same shape"),
  // ProviderAndLazy: keys kept in `static let`s without their types, whose initializers name each
  // other, leave the compiler no type to start from.
  Snippet(
    name: "two stored keys without their types that name each other",
    source: """
      extension Keys {
        static let auth = Key<Int>(.singleton, .client.lazy) { client in 1 }
        static let client = Key<Int>(.singleton, .auth.lazy) { auth in 2 }
      }
      """,
    errors: """
      error: circular reference
      error: cannot infer type of closure parameter 'auth' without a type annotation
      error: cannot infer type of closure parameter 'client' without a type annotation
      """),
  // Inside a `{ r in … }` factory the compiler also tries the declared form of no dependencies, and says
  // first that the closure takes no argument: the Troubleshooting article says so.
  Snippet(
    name: "a misspelled key in a resolver factory",
    source: "extension Keys { static var total: Key<Int> { Key { r in r[.cont] + 1 } } }",
    errors: """
      error: contextual closure type '@Sendable () -> Int' expects 0 arguments, but 1 was used in closure body
      error: cannot infer contextual base in reference to member 'cont'
      """),
]

@Suite("Key declarations: what the compiler says about each mistake")
struct KeyDeclarationCompileTests {
  @Test(
    "swiftc -typecheck says what is wrong with each key declaration",
    .enabled(
      if: BuiltSheath.isAvailableOrRequired,
      "Sheath's built module was not found next to the test binary or in .build*/; run `swift build` first"),
    arguments: snippets)
  func typecheck(_ snippet: Snippet) async throws {
    try await snippet.check(after: declarations)
  }
}

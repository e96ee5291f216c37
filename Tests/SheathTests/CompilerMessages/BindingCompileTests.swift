import Foundation
import Testing

// What the compiler says about each common mistake in a module's bindings of keys declared as the docs
// declare them (computed static properties): `bind` and `override` with a declared dependency list
// (`b.bind(.userAPI, .httpClient) { http in … }`), without one (`b.bind(.userAPI) { FakeUserAPI() }`) or
// with a resolver (`b.bind(.userAPI) { r in … }`), for every kind of key. Where Swift 6.3 gives up ("failed
// to produce diagnostic"), the snippet pins that too, and the Troubleshooting article says what the user
// sees and what it means.

private let declarations = """
  import Sheath

  protocol BooksAPI: Sendable {}
  struct LiveBooksAPI: BooksAPI { init(http: any HTTPClient, baseURL: String) {} }
  struct FakeBooksAPI: BooksAPI {}
  struct NotAnAPI {}
  protocol HTTPClient: Sendable {}
  struct URLSessionHTTPClient: HTTPClient {}
  final class Presenter {}
  final class Database: Sendable {}

  extension Keys {
    static var httpClient: Key<any HTTPClient> { Key(.singleton) { URLSessionHTTPClient() } }
    static var apiBaseURL: Key<String> { .required(.singleton) }
    static var booksAPI: Key<any BooksAPI> {
      Key(.singleton, .httpClient, .apiBaseURL) { http, url in LiveBooksAPI(http: http, baseURL: url) }
    }
    static var count: Key<Int> { Key { 7 } }
    static var model: Key<Presenter> { .required() }
    static var presenter: MainActorKey<Presenter> { MainActorKey { Presenter() } }
    static var database: AsyncKey<Database> { AsyncKey(.singleton) { Database() } }
    static var form: AssistedKey<String, Int> { AssistedKey { text in text.count } }
    static var sheet: MainActorAssistedKey<String, Presenter> { MainActorAssistedKey { _ in Presenter() } }
    static var names: CollectionKey<String> { CollectionKey() }
    static var namesByID: MapKey<Int, String> { MapKey() }
  }

  """

private let snippets = [
  Snippet(
    name: "the documented forms compile",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.booksAPI) { FakeBooksAPI() }
        b.bind(.booksAPI, .singleton) { FakeBooksAPI() }
        b.bind(.booksAPI, .httpClient, .apiBaseURL) { http, url in LiveBooksAPI(http: http, baseURL: url) }
        b.bind(.booksAPI, .singleton, .httpClient, .apiBaseURL) { http, url in LiveBooksAPI(http: http, baseURL: url) }
        b.bind(.booksAPI) { r in LiveBooksAPI(http: r[.httpClient], baseURL: r[.apiBaseURL]) }
        b.override(.count, .httpClient) { _ in 3 }
        b.override(.count, to: 3)
        b.bind(.presenter) { Presenter() }
        b.bind(.database, .singleton, .count) { _ in Database() }
        b.bind(.form, .count) { text, count in text.count + count }
        b.bind(.sheet) { _ in Presenter() }
      }
      """),
  // A factory of the wrong type is an error that names both types, for every kind of key and every form
  // of factory.
  Snippet(
    name: "a factory of the wrong type",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.booksAPI) { NotAnAPI() }
      }
      """,
    errors: "error: cannot convert value of type 'NotAnAPI' to closure result type 'any BooksAPI'"),
  Snippet(
    name: "a factory of the wrong type with a lifetime",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.booksAPI, .singleton) { NotAnAPI() }
      }
      """,
    errors: "error: cannot convert value of type 'NotAnAPI' to closure result type 'any BooksAPI'"),
  Snippet(
    name: "a declared factory of the wrong type",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.booksAPI, .httpClient) { http in NotAnAPI() }
      }
      """,
    errors: "error: cannot convert value of type 'NotAnAPI' to closure result type 'any BooksAPI'"),
  Snippet(
    name: "a declared factory of the wrong type with a lifetime",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.booksAPI, .singleton, .httpClient, .apiBaseURL) { http, url in NotAnAPI() }
      }
      """,
    errors: "error: cannot convert value of type 'NotAnAPI' to closure result type 'any BooksAPI'"),
  Snippet(
    name: "a resolver factory of the wrong type",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.booksAPI) { r in NotAnAPI() }
      }
      """,
    errors: "error: cannot convert value of type 'NotAnAPI' to closure result type 'any BooksAPI'"),
  Snippet(
    name: "a literal of the wrong type",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.count, .httpClient) { http in "one" }
      }
      """,
    errors: "error: cannot convert value of type 'String' to closure result type 'Int'"),
  Snippet(
    name: "an override of the wrong type",
    source: """
      func register(into b: inout Bindings) {
        b.override(.booksAPI) { NotAnAPI() }
      }
      """,
    errors: "error: cannot convert value of type 'NotAnAPI' to closure result type 'any BooksAPI'"),
  Snippet(
    name: "a declared override of the wrong type",
    source: """
      func register(into b: inout Bindings) {
        b.override(.count, .httpClient) { http in NotAnAPI() }
      }
      """,
    errors: "error: cannot convert value of type 'NotAnAPI' to closure result type 'Int'"),
  Snippet(
    name: "a main-actor factory of the wrong type",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.presenter) { Database() }
      }
      """,
    errors: "error: cannot convert value of type 'Database' to closure result type 'Presenter'"),
  Snippet(
    name: "a declared main-actor factory of the wrong type",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.presenter, .count) { count in Database() }
      }
      """,
    errors: "error: cannot convert value of type 'Database' to closure result type 'Presenter'"),
  Snippet(
    name: "an async factory of the wrong type",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.database) { Presenter() }
      }
      """,
    errors: "error: cannot convert value of type 'Presenter' to closure result type 'Database'"),
  Snippet(
    name: "a declared async factory of the wrong type",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.database, .singleton, .count) { count in Presenter() }
      }
      """,
    errors: "error: cannot convert value of type 'Presenter' to closure result type 'Database'"),
  Snippet(
    name: "an assisted factory of the wrong type",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.form) { text in text }
      }
      """,
    errors: "error: cannot convert value of type 'String' to closure result type 'Int'"),
  Snippet(
    name: "a declared assisted factory of the wrong type",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.form, .count) { text, count in text }
      }
      """,
    errors: "error: cannot convert value of type 'String' to closure result type 'Int'"),
  Snippet(
    name: "a main-actor assisted factory of the wrong type",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.sheet) { text in text }
      }
      """,
    errors: "error: cannot convert value of type 'String' to closure result type 'Presenter'"),
  Snippet(
    name: "a declared main-actor assisted factory of the wrong type",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.sheet, .count) { text, count in text }
      }
      """,
    errors: "error: cannot convert value of type 'String' to closure result type 'Presenter'"),
  Snippet(
    name: "a fixed value of the wrong type",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.count, to: "one")
      }
      """,
    errors: "error: cannot convert value of type 'String' to expected argument type 'Int'"),
  // NB: Swift 6.3 gives up when a closure returns a literal that is not of a protocol's type, with or
  // without Sheath. The Troubleshooting article says what it means.
  Snippet(
    name: "a literal where a protocol's type is wanted",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.booksAPI) { "not an API" }
      }
      """,
    errors: Snippet.givesUp),
  Snippet(
    name: "a literal where a protocol's type is wanted, in a resolver factory",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.booksAPI) { _ in "not an API" }
      }
      """,
    errors: Snippet.givesUp),
  // A misspelled key is a member that no kind of key has. NB: the unavailable overloads at the end of
  // Bindings+Declared.swift make that the whole message.
  Snippet(
    name: "a misspelled key",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.bookAPI) { FakeBooksAPI() }
      }
      """,
    errors: "error: type 'Key<FakeBooksAPI>' has no member 'bookAPI'"),
  Snippet(
    name: "a misspelled key with a declared dependency",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.bookAPI, .httpClient) { http in FakeBooksAPI() }
      }
      """,
    errors: "error: type 'Key<FakeBooksAPI>' has no member 'bookAPI'"),
  Snippet(
    name: "a misspelled key with a main-actor dependency",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.presentr, .presenter) { presenter in presenter }
      }
      """,
    errors: "error: type 'Key<Presenter>' has no member 'presentr'"),
  // NB: the fallback a misspelled key with a main-actor or async dependency meets is the one a plain
  // key with such a dependency needs (below), and names a `Key` (see scripts/generate-declared.py); the
  // missing member is what the message is about.
  Snippet(
    name: "a misspelled key with an async dependency",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.databse, .database) { database in database }
      }
      """,
    errors: "error: type 'Key<Database>' has no member 'databse'"),
  // A plain key's factory runs on any thread, without waiting: it cannot take a main-actor or async
  // key's value, and the message says what it can take instead.
  Snippet(
    name: "a plain key bound with a main-actor dependency",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.count, .presenter) { presenter in 1 }
      }
      """,
    errors:
      "error: 'bind(_:_:_:fileID:line:_:)' is unavailable: a plain key's factory cannot take a main-actor or async key's value: declare that key's .provider instead (a MainActorProvider or AsyncProvider, called where the value is needed), or make this key a MainActorKey or AsyncKey"
  ),
  Snippet(
    name: "a plain key bound with an async dependency after a plain one, and a lifetime",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.count, .singleton, .httpClient, .database) { http, database in 1 }
      }
      """,
    errors:
      "error: 'bind(_:_:_:_:fileID:line:_:)' is unavailable: a plain key's factory cannot take a main-actor or async key's value: declare that key's .provider instead (a MainActorProvider or AsyncProvider, called where the value is needed), or make this key a MainActorKey or AsyncKey"
  ),
  Snippet(
    name: "a plain key overridden with a main-actor dependency",
    source: """
      func register(into b: inout Bindings) {
        b.override(.count, .presenter) { presenter in 1 }
      }
      """,
    errors:
      "error: 'override(_:_:_:fileID:line:_:)' is unavailable: a plain key's factory cannot take a main-actor or async key's value: declare that key's .provider instead (a MainActorProvider or AsyncProvider, called where the value is needed), or make this key a MainActorKey or AsyncKey"
  ),
  Snippet(
    name: "an assisted key bound with a main-actor dependency",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.form, .presenter) { text, presenter in text.count }
      }
      """,
    errors:
      "error: 'bind(_:_:_:fileID:line:_:)' is unavailable: a plain key's factory cannot take a main-actor or async key's value: declare that key's .provider instead (a MainActorProvider or AsyncProvider, called where the value is needed), or make this key a MainActorKey or AsyncKey"
  ),
  Snippet(
    name: "a main-actor key bound with a main-actor dependency",
    source: """
      func register(into b: inout Bindings) {
        b.override(.presenter, .singleton, .presenter.provider, .count) { _, _ in Presenter() }
        b.override(.sheet, .presenter) { _, presenter in presenter }
        b.override(.database, .singleton, .database.provider) { _ in Database() }
      }
      """),
  Snippet(
    name: "a misspelled key with a resolver factory",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.bookAPI) { _ in FakeBooksAPI() }
      }
      """,
    errors: "error: type 'Key<FakeBooksAPI>' has no member 'bookAPI'"),
  Snippet(
    name: "a misspelled key in an override",
    source: """
      func register(into b: inout Bindings) {
        b.override(.bookAPI) { FakeBooksAPI() }
      }
      """,
    errors: "error: type 'Key<FakeBooksAPI>' has no member 'bookAPI'"),
  Snippet(
    name: "a misspelled key in an override with a value",
    source: """
      func register(into b: inout Bindings) {
        b.override(.bookAPI, to: FakeBooksAPI())
      }
      """,
    errors: """
      error: generic parameter 'Factory' could not be inferred
      error: generic parameter 'LifetimeOption' could not be inferred
      error: generic parameter 'Decorator' could not be inferred
      error: type 'BindableKey<Factory, LifetimeOption, Decorator, FakeBooksAPI>' has no member 'bookAPI'
      """),
  Snippet(
    name: "a misspelled key in a decorator",
    source: """
      func register(into b: inout Bindings) {
        b.decorate(.bookAPI) { _, api in api }
      }
      """,
    errors: """
      error: type 'Key<Value>' has no member 'bookAPI'
      error: cannot infer type of closure parameter 'api' without a type annotation
      """),
  // Decorators and contributions that declare what they need: the same messages as a declared bind.
  Snippet(
    name: "declared decorators and contributions compile",
    source: """
      func register(into b: inout Bindings) {
        b.decorate(.booksAPI) { api in api }
        b.decorate(.count, .httpClient) { count, _ in count + 1 }
        b.contribute(to: .names) { "one" }
        b.contribute(to: .names, .count) { count in "\\(count)" }
        b.contribute(to: .namesByID, entry: 1, .count) { count in "\\(count)" }
      }
      """),
  Snippet(
    name: "a declared decorator of the wrong type",
    source: """
      func register(into b: inout Bindings) {
        b.decorate(.count, .httpClient) { count, http in "one" }
      }
      """,
    errors: "error: cannot convert value of type 'String' to closure result type 'Int'"),
  Snippet(
    name: "a declared contribution of the wrong type",
    source: """
      func register(into b: inout Bindings) {
        b.contribute(to: .names, .count) { count in 1 }
        b.contribute(to: .namesByID, entry: 2) { 2 }
      }
      """,
    errors: """
      error: cannot convert value of type 'Int' to closure result type 'String'
      error: cannot convert value of type 'Int' to closure result type 'String'
      """),
  // Swift 6.3 gives up when a declared factory returns one of its own arguments where a value of
  // another type is expected, in a binding, a decorator or a contribution alike; Troubleshooting says so.
  Snippet(
    name: "a declared factory that returns an argument of the wrong type",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.count, .httpClient) { http in http }
      }
      """,
    errors: Snippet.givesUp),
  Snippet(
    name: "a declared decorator that returns an argument of the wrong type",
    source: """
      func register(into b: inout Bindings) {
        b.decorate(.count, .httpClient) { count, http in http }
      }
      """,
    errors: Snippet.givesUp),
  Snippet(
    name: "a misspelled key in a declared decorator or contribution",
    source: """
      func register(into b: inout Bindings) {
        b.decorate(.cont, .httpClient) { count, _ in count }
        b.contribute(to: .nams, .count) { count in "\\(count)" }
      }
      """,
    errors: """
      error: type 'Key<Value>' has no member 'cont'
      error: cannot infer type of closure parameter 'count' without a type annotation
      error: type 'CollectionKey<String>' has no member 'nams'
      """),
  Snippet(
    name: "a misspelled key in a requirement",
    source: """
      func register(into b: inout Bindings) {
        b.require(.apiBaseURl)
      }
      """,
    errors: "error: type 'Keys' has no member 'apiBaseURl'"),
  Snippet(
    name: "a misspelled key exposed",
    source: """
      func register(into b: inout Bindings) {
        b.expose(.bookAPI)
      }
      """,
    errors: "error: type 'Keys' has no member 'bookAPI'"),
  Snippet(
    name: "a misspelled key in a resolver factory",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.booksAPI) { r in LiveBooksAPI(http: r[.htpClient], baseURL: r[.apiBaseURL]) }
      }
      """,
    errors: """
      error: member chain produces result of type 'BindableKey<@Sendable (Resolver) -> any BooksAPI, Lifetime<any BooksAPI>, @Sendable (Resolver, any BooksAPI) -> any BooksAPI, any BooksAPI>' but contextual base was inferred as 'BindableKey<@Sendable (Resolver, Argument) -> any BooksAPI, Lifetime<any BooksAPI>, @Sendable (Resolver, any BooksAPI) -> any BooksAPI, any BooksAPI>'
      error: cannot infer type of closure parameter 'r' without a type annotation
      error: cannot infer contextual base in reference to member 'htpClient'
      error: cannot infer contextual base in reference to member 'apiBaseURL'
      """),
  // In a declared dependency list, a misspelled dependency is a member its key type does not have, but in
  // the first place, where a lifetime may stand, Swift 6.3 says it cannot infer it.
  Snippet(
    name: "a misspelled dependency",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.booksAPI, .htpClient) { http in FakeBooksAPI() }
      }
      """,
    errors: """
      error: generic parameter 'Decorator' could not be inferred
      error: cannot infer type of closure parameter 'http' without a type annotation
      error: cannot infer contextual base in reference to member 'htpClient'
      """),
  Snippet(
    name: "a misspelled dependency after a lifetime",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.booksAPI, .singleton, .htpClient) { http in FakeBooksAPI() }
      }
      """,
    errors: """
      error: type 'Key<A>' has no member 'htpClient'
      error: cannot infer type of closure parameter 'http' without a type annotation
      """),
  Snippet(
    name: "a misspelled second dependency",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.booksAPI, .httpClient, .apiBaseURl) { http, url in FakeBooksAPI() }
      }
      """,
    errors: """
      error: type 'Key<B>' has no member 'apiBaseURl'
      error: cannot infer type of closure parameter 'url' without a type annotation
      """),
  Snippet(
    name: "a dependency of the wrong type",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.booksAPI, .count, .apiBaseURL) { http, url in LiveBooksAPI(http: http, baseURL: url) }
      }
      """,
    errors:
      "error: member 'count' in 'Key<any HTTPClient>' produces result of type 'Key<Int>', but context expects 'Key<any HTTPClient>'"
  ),
  Snippet(
    name: "a factory of fewer arguments than dependencies",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.booksAPI, .httpClient, .apiBaseURL) { http in FakeBooksAPI() }
      }
      """,
    errors:
      "error: contextual closure type '@Sendable (consuming any HTTPClient, consuming String) -> any BooksAPI' expects 2 arguments, but 1 was used in closure body"
  ),
  // NB: when the factory takes more arguments than there are dependencies, Swift 6.3 reads them as one
  // tuple and blames the key, naming it as a BindableKey: the Troubleshooting article says so.
  Snippet(
    name: "a factory of more arguments than dependencies",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.booksAPI, .httpClient) { http, url in FakeBooksAPI() }
      }
      """,
    errors: """
      error: member chain produces result of type 'BindableKey<@Sendable (Resolver) -> any BooksAPI, Lifetime<any BooksAPI>, @Sendable (Resolver, any BooksAPI) -> any BooksAPI, any BooksAPI>' but contextual base was inferred as 'BindableKey<@Sendable (Resolver, Argument) -> any BooksAPI, Lifetime<any BooksAPI>, @Sendable (Resolver, any BooksAPI) -> any BooksAPI, any BooksAPI>'
      error: cannot infer type of closure parameter 'http' without a type annotation
      """),
  Snippet(
    name: "a misspelled lifetime",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.booksAPI, .singletn, .httpClient) { http in FakeBooksAPI() }
      }
      """,
    errors: "error: type 'Lifetime<any BooksAPI>' has no member 'singletn'"),
  // Shared lifetimes need Sendable values.
  Snippet(
    name: "a singleton binding of a value that is not Sendable",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.model, .singleton) { Presenter() }
      }
      """,
    errors: "error: type 'Presenter' does not conform to the 'Sendable' protocol"),
  Snippet(
    name: "a declared singleton binding of a value that is not Sendable",
    source: """
      func register(into b: inout Bindings) {
        b.bind(.model, .singleton, .count) { _ in Presenter() }
      }
      """,
    errors: "error: type 'Presenter' does not conform to the 'Sendable' protocol"),
]

@Suite("Bindings: what the compiler says about each mistake")
struct BindingCompileTests {
  @Test(
    "swiftc -typecheck says what is wrong with each binding",
    .enabled(
      if: BuiltSheath.isAvailableOrRequired,
      "Sheath's built module was not found next to the test binary or in .build*/; run `swift build` first"),
    arguments: snippets)
  func typecheck(_ snippet: Snippet) async throws {
    try await snippet.check(after: declarations)
  }
}

import Sheath
import Testing

// `b.bind(.key, to: value)` and `b.override(.key, to: value)` for every kind of key: each kind makes
// its own factory of the value (see FactoryShape), which returns that value — the same instance —
// every time, whatever the argument and whatever the key's lifetime.

private final class Token: Sendable {
  let name: String
  init(_ name: String) { self.name = name }
}

extension Keys {
  fileprivate static var token: Key<Token> { Key<Token> { _ in Token("default") } }
  fileprivate static var mainActorToken: MainActorKey<Token> { MainActorKey<Token> { _ in Token("default") } }
  fileprivate static var asyncToken: AsyncKey<Token> { AsyncKey<Token> { _ in Token("default") } }
  fileprivate static var assistedToken: AssistedKey<String, Token> {
    AssistedKey<String, Token> { _, name in Token(name) }
  }
  fileprivate static var mainActorAssistedToken: MainActorAssistedKey<String, Token> {
    MainActorAssistedKey<String, Token> { _, name in Token(name) }
  }
  fileprivate static var tokens: CollectionKey<String> { CollectionKey<String>() }
  fileprivate static var tokensByID: MapKey<Int, String> { MapKey<Int, String>() }
}

@Suite("Fixed values of every kind of key")
struct FixedValueTests {
  @Test("a key bound to a value returns that instance on every resolution, though its lifetime is transient")
  func key() throws {
    let bound = Token("bound")
    let graph = try Graph(modules: [TestModule { $0.bind(.token, to: bound) }])
    #expect(graph[.token] === bound)
    #expect(graph[.token] === bound)
    let overridden = Token("overridden")
    let child = try graph.child(modules: [TestModule { $0.override(.token, to: overridden) }])
    #expect(child[.token] === overridden)
  }

  @Test("a main-actor key bound to a value returns that instance, on the main actor")
  @MainActor
  func mainActorKey() throws {
    let bound = Token("bound")
    let graph = try Graph(modules: [TestModule { $0.bind(.mainActorToken, to: bound) }])
    #expect(graph[.mainActorToken] === bound)
    #expect(graph[.mainActorToken] === bound)
    let overridden = Token("overridden")
    let child = try graph.child(modules: [TestModule { $0.override(.mainActorToken, to: overridden) }])
    #expect(child[.mainActorToken] === overridden)
  }

  @Test("an async key bound to a value returns that instance")
  func asyncKey() async throws {
    let bound = Token("bound")
    let graph = try Graph(modules: [TestModule { $0.bind(.asyncToken, to: bound) }])
    #expect(try await graph[.asyncToken] === bound)
    #expect(try await graph[.asyncToken] === bound)
    let overridden = Token("overridden")
    let child = try graph.child(modules: [TestModule { $0.override(.asyncToken, to: overridden) }])
    #expect(try await child[.asyncToken] === overridden)
  }

  @Test("an assisted key bound to a value returns that instance, whatever the argument")
  func assistedKey() throws {
    let bound = Token("bound")
    let graph = try Graph(modules: [TestModule { $0.bind(.assistedToken, to: bound) }])
    #expect(graph.make(.assistedToken, "Ada") === bound)
    #expect(graph[.assistedToken]("Grace") === bound)
    let overridden = Token("overridden")
    let child = try graph.child(modules: [TestModule { $0.override(.assistedToken, to: overridden) }])
    #expect(child.make(.assistedToken, "Ada") === overridden)
  }

  @Test("a main-actor assisted key bound to a value returns that instance, whatever the argument")
  @MainActor
  func mainActorAssistedKey() throws {
    let bound = Token("bound")
    let graph = try Graph(modules: [TestModule { $0.bind(.mainActorAssistedToken, to: bound) }])
    #expect(graph.make(.mainActorAssistedToken, "Ada") === bound)
    #expect(graph[.mainActorAssistedToken]("Grace") === bound)
    let overridden = Token("overridden")
    let child = try graph.child(modules: [TestModule { $0.override(.mainActorAssistedToken, to: overridden) }])
    #expect(child.make(.mainActorAssistedToken, "Ada") === overridden)
  }

  @Test("a collection or a map overridden with a value is that value, in place of its contributions")
  func multibindingKeys() throws {
    let graph = try Graph(modules: [
      TestModule { b in
        b.contribute(to: .tokens) { _ in "contributed" }
        b.contribute(to: .tokensByID, entry: 1) { _ in "contributed" }
      },
      TestModule { b in
        b.override(.tokens, to: ["fixed"])
        b.override(.tokensByID, to: [2: "fixed"])
      },
    ])
    #expect(graph[.tokens] == ["fixed"])
    #expect(graph[.tokensByID] == [2: "fixed"])
  }
}

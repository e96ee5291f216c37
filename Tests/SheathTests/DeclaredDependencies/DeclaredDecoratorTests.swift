import Sheath
import Testing

// Decorators and contributions that declare what they need, as factories do: the graph adds their
// edges to the key's, checks them when it is built, and lists the key as checked.

private protocol Greeting: Sendable {
  var text: String { get }
}

private struct Plain: Greeting {
  let text: String
}

private struct Punctuated: Greeting {
  let base: any Greeting
  let mark: String
  var text: String { base.text + mark }
}

extension Keys {
  fileprivate static var greeting: Key<any Greeting> {
    Key(name: "Keys.greeting", fileID: "App/Keys.swift", line: 1) { Plain(text: "hi") }
  }
  fileprivate static var mark: Key<String> {
    Key.required(name: "Keys.mark", fileID: "App/Keys.swift", line: 2)
  }
  fileprivate static var shout: Key<String> {
    Key(.transient, .greeting, name: "Keys.shout", fileID: "App/Keys.swift", line: 3) { $0.text.uppercased() }
  }
  fileprivate static var sharedGreeting: Key<any Greeting> {
    Key(.singleton, name: "Keys.sharedGreeting", fileID: "App/Keys.swift", line: 6) { Plain(text: "hi") }
  }
  fileprivate static var flowMark: Key<String> {
    Key(.scoped(.flow), name: "Keys.flowMark", fileID: "App/Keys.swift", line: 7) { "?" }
  }
  fileprivate static var phrases: CollectionKey<String> {
    CollectionKey(name: "Keys.phrases", fileID: "App/Keys.swift", line: 4)
  }
  fileprivate static var phrasesByName: MapKey<String, String> {
    MapKey(name: "Keys.phrasesByName", fileID: "App/Keys.swift", line: 5)
  }
}

@Suite("Declared dependencies: decorators and contributions")
struct DeclaredDecoratorTests {
  @Test("a decorator that declares what it needs gets it, after the value it wraps")
  func decorator() throws {
    let graph = try Graph(modules: [
      TestModule { b in
        b.bind(.mark, to: "!")
        b.decorate(.greeting) { Punctuated(base: $0, mark: ".") }
        b.decorate(.greeting, .mark) { greeting, mark in Punctuated(base: greeting, mark: mark) }
      }
    ])
    #expect(graph[.greeting].text == "hi.!")
    let report = try graph.verify()
    #expect(report.uncheckedKeys.isEmpty)
    #expect(report.dependencies.contains { $0 == ("Keys.greeting", "Keys.mark") })
  }

  @Test("what a decorator needs is checked when the graph is built, with the path that needs it")
  func decoratorMissingBinding() {
    expectText(
      buildError([
        TestModule { b in
          b.expose(.greeting)
          b.decorate(.greeting, .mark, fileID: "App/Decorators.swift", line: 9) { greeting, _ in
            neverBuilt(greeting, "decorator")
          }
        }
      ]),
      """
      Sheath could not build the graph (1 problem):

      error: missing binding for required key Keys.mark (String, App/Keys.swift:2)
        needed by Keys.greeting → Keys.mark, as TestModule (App/Decorators.swift:9) decorates Keys.greeting
      fix: bind it in one of the installed modules: b.bind(.mark) { … }
      """)
  }

  @Test("a decorator's dependency on a key that needs the decorated one is a cycle")
  func decoratorCycle() {
    expectText(
      buildError([
        TestModule { b in
          b.expose(.greeting)
          b.decorate(.greeting, .shout, fileID: "App/Decorators.swift", line: 10) { greeting, _ in
            neverBuilt(greeting, "decorator")
          }
        }
      ]),
      """
      Sheath could not build the graph (1 problem):

      error: dependency cycle
        Keys.greeting (any Greeting, App/Keys.swift:1)
        → Keys.shout (String, App/Keys.swift:3)
        → Keys.greeting
        Keys.greeting needs Keys.shout through its decorator in TestModule (App/Decorators.swift:10)
      fix: declare one of these dependencies as .provider or .lazy (Key(.transient, .shout.provider) { … }) and resolve it after the factory returns, or split a type so the cycle disappears
      """)
  }

  @Test("a singleton's decorator that needs a scoped key makes the singleton captive")
  func decoratorCaptive() {
    expectText(
      buildError([
        TestModule { b in
          b.expose(.sharedGreeting)
          b.decorate(.sharedGreeting, .flowMark, fileID: "App/Decorators.swift", line: 12) { greeting, _ in
            neverBuilt(greeting, "decorator")
          }
        }
      ]),
      """
      Sheath could not build the graph (1 problem):

      error: captive dependency: Keys.sharedGreeting (any Greeting, App/Keys.swift:6) is .singleton, but holds Keys.flowMark (String, App/Keys.swift:7), which is .scoped(.flow)
        Keys.sharedGreeting → Keys.flowMark
        Keys.sharedGreeting needs Keys.flowMark through its decorator in TestModule (App/Decorators.swift:12)
      fix: give Keys.sharedGreeting a lifetime no longer than .scoped(.flow), or resolve Keys.flowMark from a graph that opens .flow and pass it to the method that needs it
      """)
  }

  @Test("contributions that declare what they need: built in order, checked, with their edges")
  func contributions() throws {
    let graph = try Graph(modules: [
      TestModule { b in
        b.bind(.mark, to: "!")
        b.contribute(to: .phrases) { "hello" }
        b.contribute(to: .phrases, .greeting, .mark) { greeting, mark in greeting.text + mark }
        b.contribute(to: .phrasesByName, entry: "plain") { "hello" }
        b.contribute(to: .phrasesByName, entry: "marked", .mark) { mark in "hello" + mark }
      }
    ])
    #expect(graph[.phrases] == ["hello", "hi!"])
    #expect(graph[.phrasesByName] == ["plain": "hello", "marked": "hello!"])
    let report = try graph.verify()
    #expect(report.uncheckedKeys.isEmpty)
    let phrases = try #require(report.keys.first { $0.name == "Keys.phrases" })
    #expect(phrases.dependencies?.map(\.key) == ["Keys.greeting", "Keys.mark"])
  }

  @Test("what a contribution needs is checked when the graph is built; one through a resolver is unchecked")
  func contributionChecks() throws {
    expectText(
      buildError([TestModule { b in b.contribute(to: .phrasesByName, entry: "marked", .mark) { $0 } }]),
      """
      Sheath could not build the graph (1 problem):

      error: missing binding for required key Keys.mark (String, App/Keys.swift:2)
        needed by Keys.phrasesByName → Keys.mark
      fix: bind it in one of the installed modules: b.bind(.mark) { … }
      """)
    let graph = try Graph(modules: [
      TestModule { b in
        b.contribute(to: .phrases) { "hello" }
        b.contribute(to: .phrases) { r in r[.shout] }
      }
    ])
    #expect(graph[.phrases] == ["hello", "HI"])
    #expect(try graph.verify().uncheckedKeys == ["Keys.phrases"])
    // A collection nobody contributes to needs nothing.
    #expect(try Graph(modules: [TestModule { b in b.expose(.phrasesByName) }]).verify().uncheckedKeys.isEmpty)
  }
}

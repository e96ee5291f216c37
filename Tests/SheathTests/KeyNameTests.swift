import Dispatch
import Foundation
import Sheath
import Testing

/// A key made by a helper function: the call in the helper's body is its declaration.
private func configKey<T: Sendable>(_ value: T) -> Key<T> {
  Key(.singleton) { value }
}

/// A helper that passes its caller's location on: each key is declared where the helper is called.
private func settingKey<T: Sendable>(
  _ value: T, fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column,
  function: StaticString = #function
) -> Key<T> {
  Key(.singleton, fileID: fileID, line: line, column: column, function: function) { value }
}

/// A key whose value type depends on a generic parameter: one declaration, a key per type.
private enum Feature<Setting: Sendable> {
  static var setting: Key<[Setting]> { Key(.singleton) { [] } }
}

extension Keys {
  fileprivate static var computedCounter: Key<Tally> { Key(.singleton) { Tally() } }
  fileprivate static var computedRequired: Key<String> { .required() }
  fileprivate static var computedAssisted: AssistedKey<Int, String> { AssistedKey { number in "\(number)" } }
  fileprivate static var computedMainActor: MainActorKey<Int> { MainActorKey { 1 } }
  fileprivate static var computedAsync: AsyncKey<Int> { AsyncKey { 1 } }
  fileprivate static var computedCollection: CollectionKey<Int> { CollectionKey() }
  fileprivate static var computedChildGraph: ChildGraphKey<Void> { ChildGraphKey(scope: .flow) }
  fileprivate static var renamed: Key<Int> { Key(name: "Keys.custom") { 1 } }
  fileprivate static var timeout: Key<Int> { settingKey(30) }
  fileprivate static var port: Key<Int> { configKey(8080) }
  fileprivate static var host: Key<String> { configKey("x") }

  fileprivate static let storedCounter: Key<Tally> = Key(.singleton) { Tally() }

  fileprivate static var greeter: Key<any Greeting> { Key { Hello() } }
  fileprivate static var asyncGreeter: AsyncKey<any Greeting> { AsyncKey { _ in Hello() } }
  fileprivate static var mainActorGreeter: MainActorKey<any Greeting> { MainActorKey { Hello() } }
  fileprivate static var greetingForm: AssistedKey<any Greeting, Int> { AssistedKey { _ in 1 } }
}

private protocol Greeting: Sendable {}
private struct Hello: Greeting {}

private final class Tally: Sendable {}

@Suite("Key names and identity")
struct KeyNameTests {
  @Test("a key declared as a computed property is named by the property, for every kind of key")
  func computedNames() {
    #expect(Keys.computedCounter.name == "Keys.computedCounter")
    #expect(Keys.computedRequired.name == "Keys.computedRequired")
    #expect(Keys.computedAssisted.name == "Keys.computedAssisted")
    #expect(Keys.computedMainActor.name == "Keys.computedMainActor")
    #expect(Keys.computedAsync.name == "Keys.computedAsync")
    #expect(Keys.computedCollection.name == "Keys.computedCollection")
    #expect(Keys.computedChildGraph.name == "Keys.computedChildGraph")
    #expect(Keys.computedCounter.provider.name == "Keys.computedCounter.provider")
  }

  @Test("a derived key's type writes an existential argument with any, as code does")
  func derivedTypeNames() {
    #expect(Keys.greeter.typeName == "any Greeting")
    #expect(Keys.greeter.provider.typeName == "Provider<any Greeting>")
    #expect(Keys.greeter.lazy.typeName == "Lazy<any Greeting>")
    #expect(Keys.greeter.optional.typeName == "Optional<any Greeting>")
    #expect(Keys.greeter.provider.optional.typeName == "Optional<Provider<any Greeting>>")
    #expect(Keys.asyncGreeter.provider.typeName == "AsyncProvider<any Greeting>")
    #expect(Keys.mainActorGreeter.provider.typeName == "MainActorProvider<any Greeting>")
    #expect(Keys.greetingForm.factory.typeName == "AssistedFactory<any Greeting, Int>")
    #expect(Keys.computedCounter.provider.typeName == "Provider<Tally>")
  }

  @Test("a name: given to the key wins")
  func givenName() {
    #expect(Keys.renamed.name == "Keys.custom")
  }

  @Test("a stored static let, a helper's key and a local key are named by their declaration site")
  func siteNames() {
    let line = #line + 1
    let local = Key<Int> { 1 }
    #expect(local.name == "Key declared at SheathTests/KeyNameTests.swift:\(line)")
    #expect(Keys.storedCounter.name == "Key declared at \(Keys.storedCounter.declaration)")
    #expect(Keys.port.name == "Key declared at \(Keys.port.declaration)")
    #expect(Keys.port.declaration.fileID == "SheathTests/KeyNameTests.swift")
  }

  @Test("verify()'s report lists the keys named only by their declaration site, and says how to name them")
  func reportNamesUnnamedKeys() throws {
    let report = try Graph(modules: [
      TestModule { b in
        b.expose(.storedCounter); b.expose(.computedCounter)
      }
    ])
    .verify()
    let site = "Key declared at \(Keys.storedCounter.declaration)"
    #expect(report.unnamedKeys == [site])
    #expect(
      report.description.split(separator: "\n").contains(
        "1 key is named only by where it is declared, as a key stored in a static let is, so messages and fixes cannot name it: \(site); declare each as a computed property (static var userAPI: Key<…> { Key(…) { … } }), or give it a name:"
      ))
  }

  @Test("a helper that passes its caller's location and #function on declares the key where it is called")
  func helperPassingLocation() {
    #expect(Keys.timeout.name == "Keys.timeout")
    #expect(Keys.timeout === Keys.timeout)
    #expect(Keys.timeout !== Keys.port)
  }

  @Test("a computed key is the same key every time it is read, and resolves the same instance")
  func computedIdentity() throws {
    #expect(Keys.computedCounter === Keys.computedCounter)
    #expect(Keys.computedAssisted === Keys.computedAssisted)
    #expect(Keys.computedChildGraph === Keys.computedChildGraph)
    let graph = try Graph(modules: [])
    #expect(graph[.computedCounter] === graph[.computedCounter])
    #expect(graph[.storedCounter] === graph[.storedCounter])
  }

  @Test("a helper function's keys are one key per type: a call site makes one key")
  func helperIdentity() {
    #expect(Keys.port === configKey(1))
    #expect(Keys.host === configKey("y"))
    #expect(Keys.port !== Keys.host as Keys)
  }

  @Test("a declaration in a generic context makes one key per value type")
  func genericContexts() {
    #expect(Feature<Int>.setting === Feature<Int>.setting)
    #expect(Feature<String>.setting === Feature<String>.setting)
    #expect(Feature<Int>.setting !== Feature<String>.setting as Keys)
    #expect(Feature<Int>.setting.typeName == "Array<Int>")
  }

  @Test("keys made in a loop are one key, unless each is given its own name")
  func loops() {
    let unnamed = (0..<3).map { _ in Key<Int> { 1 } }
    #expect(unnamed[0] === unnamed[1] && unnamed[1] === unnamed[2])
    let named = (0..<3).map { index in Key<Int>(name: "loop\(index)") { index } }
    #expect(named[0] !== named[1] && named[1] !== named[2] && named[0] !== named[2])
    #expect(named.map(\.name) == ["loop0", "loop1", "loop2"])
    let again = (0..<3).map { index in Key<Int>(name: "loop\(index)") { index } }
    // Another call site: other keys, with the same names.
    #expect(again[0] !== named[0])
  }

  @Test("threads that read a computed key for the first time at once all get the one key")
  func concurrentFirstReads() {
    let keys = Locked<[ObjectIdentifier]>([])
    DispatchQueue.concurrentPerform(iterations: 64) { index in
      // Each iteration's column is its own site; every thread meets each site many times.
      for site in 0..<16 {
        let key = Key<Int>(fileID: "App/Many.swift", line: 1, column: UInt(site)) { site }
        keys.withLock { $0.append(ObjectIdentifier(key)) }
      }
    }
    #expect(Set(keys.withLock { $0 }).count == 16)
  }

  @Test("a key whose file is given as one character, not a #fileID, is found by the file's text")
  func oneCharacterFile() {
    let first = (0..<2).map { _ in Key<Int>(fileID: "A", line: 1, column: 1) { 1 } }
    #expect(first[0] === first[1])
    #expect(first[0].name == "Key declared at A:1")
  }

  @Test("thousands of declarations are each found again: the site table grows without losing one")
  func manySites() {
    let first = (1...3_000).map { line in
      Key<Int>(fileID: "App/Generated.swift", line: UInt(line), column: 1) { line }
    }
    let second = (1...3_000).map { line in
      Key<Int>(fileID: "App/Generated.swift", line: UInt(line), column: 1) { 0 }
    }
    #expect(Set(first.map(ObjectIdentifier.init)).count == 3_000)
    #expect(zip(first, second).allSatisfy { $0 === $1 })
  }
}

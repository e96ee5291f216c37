import Sheath
import Testing

private protocol Greeting: Sendable { var text: String { get } }
private struct Hello: Greeting { let text = "hello" }
private final class Counter: Sendable {}

extension Keys {
  fileprivate static let smokeGreeting = Key<any Greeting> { _ in Hello() }
  fileprivate static let smokeCounter = Key<Counter>(.singleton) { _ in Counter() }
}

@Test func smoke() throws {
  let graph = try Graph(modules: [])
  #expect(graph[.smokeGreeting].text == "hello")
  #expect(graph[.smokeCounter] === graph[.smokeCounter])
  #expect(Keys.smokeGreeting.name == "Keys.smokeGreeting")
  print(Keys.smokeGreeting.name, Keys.smokeGreeting.typeName, Keys.smokeGreeting.declaration)
}

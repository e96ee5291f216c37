import Foundation
import SheathTesting
import Testing

protocol Greeter: Sendable {
  func greet(_ name: String) -> String
}

struct LiveGreeter: Greeter {
  func greet(_ name: String) -> String { "Hello, \(name)" }
}

struct StubGreeter: Greeter {
  let word: String
  func greet(_ name: String) -> String { "\(word), \(name)" }
}

/// Fails on use: the stand-in for the live-only network key.
struct UnimplementedNetwork: Network {
  func fetch() -> String {
    Issue.record("UnimplementedNetwork.fetch() was called")
    return ""
  }
}

protocol Network: Sendable {
  func fetch() -> String
}

struct LiveNetwork: Network {
  func fetch() -> String { "from the internet" }
}

final class Box: Sendable {
  let number: Int
  init(_ number: Int) { self.number = number }
}

extension Keys {
  static var greeter: Key<any Greeter> { Key<any Greeter> { _ in LiveGreeter() } }
  static var clock: Key<String> { Key<String>(test: .value { _ in "1970-01-01" }) { _ in "now" } }
  static var network: Key<any Network> {
    Key<any Network>(
      .singleton, test: .liveOnly { _ in UnimplementedNetwork() }, name: "Keys.network",
      fileID: "App/Keys.swift", line: 12
    ) { _ in LiveNetwork() }
  }
  static var number: Key<Int> { Key<Int>.required() }
  static var shared: Key<Box> { Key<Box>(.singleton) { r in Box(r[.number]) } }
  static var greeting: Key<String> { Key<String> { r in r[.greeter].greet("Ada") } }
}

struct AppModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.number, to: 0)
    // What the tests resolve with the keys' own factories: named, so that building the graph checks
    // them (a test graph reports a key its test resolves that the graph did not know).
    b.expose(.greeter)
    b.expose(.clock)
    b.expose(.network)
    b.expose(.shared)
    b.expose(.greeting)
  }
}

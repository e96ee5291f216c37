import Foundation
import Sheath
import Testing

// A stop that the request itself causes — a key nothing binds, a scope no graph opened, a graph
// released under a provider — names the caller's file and line, where the fix is, not Sheath's.

private protocol Clock: Sendable {}

private final class Report: Sendable {
  init(clock: any Clock) {}
}

private final class Reporter: Sendable {
  let makeReport: Provider<Report>
  init(makeReport: Provider<Report>) { self.makeReport = makeReport }
}

extension Keys {
  fileprivate static var siteClock: Key<any Clock> { Key<any Clock>.required() }
  fileprivate static var siteReport: Key<Report> {
    Key<Report> { r in
      Report(clock: r[.siteClock])
    }
  }
  fileprivate static var siteReporter: Key<Reporter> {
    Key<Reporter>(.scoped(.siteFlow)) { r in
      Reporter(makeReport: r.provider(.siteReport))
    }
  }
  fileprivate static var siteMakeReport: AssistedKey<String, Report> {
    AssistedKey<String, Report> { r, _ in
      Report(clock: r[.siteClock])
    }
  }
}

extension Scope {
  fileprivate static let siteFlow = Scope("siteFlow")
}

/// The `file:line` that precedes "Fatal error:" in a stop's output.
private func stopLocation(_ result: ExitTest.Result?) -> String {
  let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
  guard let line = text.split(separator: "\n").first(where: { $0.contains(": Fatal error: ") }),
    let range = line.range(of: ": Fatal error: ")
  else { return text }
  return String(line[..<range.lowerBound])
}

@Suite("Stops name the caller's line")
struct CallSiteTests {
  @Test("a key nothing binds, asked for from the graph, stops at the line that asked")
  func missingFromGraph() async {
    let line = #line + 1  // an exit test's body has its `#expect`'s line
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let graph = try Graph(modules: [])
      _ = graph[.siteClock]
    }
    #expect(stopLocation(result) == "SheathTests/CallSiteTests.swift:\(line)")
  }

  @Test("a key nothing binds, asked for on a thread with a small stack, stops at the factory's line, with the path")
  func missingOnSmallThread() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let graph = try Graph(modules: [])
      onThread(stackSize: smallStackSize) { _ = graph[.siteReport] }
    }
    #expect(stopLocation(result) == "SheathTests/CallSiteTests.swift:23")
    expectText(
      trapMessage(result),
      """
      Sheath: missing binding for required key Keys.siteClock (any Clock, SheathTests/CallSiteTests.swift:20)
        needed by Keys.siteReport → Keys.siteClock
      fix: bind it in a module, b.bind(.siteClock) { … }, and declare b.require(.siteClock) in the module that needs it so building the graph checks it
      """)
  }

  @Test("a key nothing binds, asked for by a factory, stops at the factory's line")
  func missingFromFactory() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let graph = try Graph(modules: [])
      _ = graph[.siteReport]
    }
    #expect(stopLocation(result) == "SheathTests/CallSiteTests.swift:23")
  }

  @Test("an assisted key's factory called with its argument stops at its own line when it misses a key")
  func missingFromAssisted() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let graph = try Graph(modules: [])
      _ = graph.make(.siteMakeReport, "weekly")
    }
    #expect(stopLocation(result) == "SheathTests/CallSiteTests.swift:33")
  }

  @Test("a scoped key asked for where no graph opened its scope stops at the line that asked")
  func scopeNotOpen() async {
    let line = #line + 1  // an exit test's body has its `#expect`'s line
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let graph = try Graph(modules: [])
      _ = graph[.siteReporter]
    }
    #expect(stopLocation(result) == "SheathTests/CallSiteTests.swift:\(line)")
  }

  @Test("a provider called after its graph was released stops at the line that called it")
  func releasedGraph() async {
    let line = #line + 1  // an exit test's body has its `#expect`'s line
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let graph = try Graph(modules: [])
      let reporter = graph.child(scope: .siteFlow)[.siteReporter]
      _ = reporter.makeReport()
    }
    #expect(stopLocation(result) == "SheathTests/CallSiteTests.swift:\(line)")
  }
}

import Foundation
import SheathTesting
import Testing

// verify(), its report and its error; the errors a graph's build throws, and every kind of problem;
// the graph as DOT — called from the main actor and from nonisolated code.

nonisolated extension Keys {
  static var farewell: Key<String> { .required(name: "Keys.farewell", fileID: "App/Keys.swift", line: 4) }
  /// Needs the greeting later, and the farewell if anything binds it.
  static var parting: Key<String> {
    Key(.transient, .greeting.provider, .farewell.optional, name: "Keys.parting", fileID: "App/Keys.swift", line: 5) {
      greeting, farewell in greeting() + (farewell ?? "")
    }
  }
  static var welcomeFlow: ChildGraphKey<Void> {
    ChildGraphKey(scope: .session, name: "Keys.welcomeFlow", fileID: "App/Keys.swift", line: 6) { [FarewellModule()] }
  }
  static var brokenFlow: ChildGraphKey<Void> {
    ChildGraphKey(name: "Keys.brokenFlow", fileID: "App/Keys.swift", line: 7) { [MissingTokenModule()] }
  }
  static var cycleStart: Key<Int> { Key(.transient, .cycleEnd, name: "Keys.cycleStart") { $0 } }
  static var cycleEnd: Key<Int> { Key(.transient, .cycleStart, name: "Keys.cycleEnd") { $0 } }
  /// A singleton that would hold itself once its lazy value is read: the lazy value keeps the
  /// transient holder it resolves, which holds the singleton.
  static var lazyOwner: Key<Holder> { Key(.singleton, .lazyHeld.lazy, name: "Keys.lazyOwner") { Holder($0) } }
  static var lazyHeld: Key<Holder> { Key(.transient, .lazyOwner, name: "Keys.lazyHeld") { Holder($0) } }
  /// A singleton that would hold a session's token past the session.
  static var captive: Key<Token> { Key(.singleton, .sessionToken, name: "Keys.captive") { $0 } }
  static var loadedCount: AsyncKey<Int> { AsyncKey(.singleton, name: "Keys.loadedCount") { 1 } }
  /// A main-actor key that declares an async key directly, which its factory cannot wait for.
  static var waitsForCount: MainActorKey<Int> {
    MainActorKey(.transient, .loadedCount, name: "Keys.waitsForCount") { $0 }
  }
  /// A `.weak` number: no number is an object.
  static var weakCount: Key<Int> { Key(.weak, name: "Keys.weakCount") { 1 } }
}

/// What a report covers: a binding, a decorator, declared, deferred and optional dependencies, a
/// resolver's factory, a child graph.
struct ReportModule: Module {
  func register(into b: inout Bindings) {
    b.include(GreetingModule())
    b.decorate(.greeting, fileID: "App/ReportModule.swift", line: 6) { _, greeting in greeting + "!" }
    b.expose(.parting)
    b.expose(.greetingLength)
    b.expose(.welcomeFlow)
  }
}

/// Binds the farewell, in a session.
struct FarewellModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.farewell, .scoped(.session), fileID: "App/FarewellModule.swift", line: 3) { ", bye" }
  }
}

@Suite("Verification and diagnostics, from the main actor and from nonisolated code")
struct VerificationAPITests {
  @Test("verify() reads every key as data and reports what it covered")
  func report() throws {
    let report = try Graph(modules: [ReportModule()], stopsOnUnknownKeys: true).verify(scopes: [.session])
    expectText(
      report.description,
      """
      verify() read 9 keys and 5 dependencies (1 deferred) as data; no factory ran.
      It opened .session for the keys scoped to it.
      It built and read the child graphs of Keys.welcomeFlow.
      2 keys with unchecked dependencies: a cycle, a captive dependency or a missing binding through them is found only when they are resolved.
        Keys.greeting: decorated by ReportModule (App/ReportModule.swift:6), whose decorator resolves through a resolver, so what it needs is unchecked; declare what a decorator needs (b.decorate(.greeting, .a) { value, a in … })
        Keys.shout: its factory resolves through a resolver, so what it needs is unchecked; declare its dependencies (Key(.transient, .a, .b) { a, b in … })
      Not read: keys that no module binds, exposes or requires and that no key read declares, such as those only { r in … } factories resolve; each is checked when first resolved.
      To read one here, name it in its module: b.expose(.key). To stop on any the app requests, make the graph with stopsOnUnknownKeys: true.
      """)
    #expect(report.roots == ["Keys.shout", "Keys.parting", "Keys.greetingLength", "Keys.welcomeFlow"])
    #expect(report.uncheckedKeys == ["Keys.greeting", "Keys.shout"])
    #expect(report.unnamedKeys == [])
    #expect(report.unchecked.count == 2 && report.verifiedKeys.count == report.keys.count)
    #expect(report.openedScopes == [".session"] && report.childGraphs == ["Keys.welcomeFlow"])
    #expect(report.dependencies.map { "\($0.from) → \($0.to)" }.contains("Keys.greetingLength → Keys.greeting"))
    #expect(report.deferredDependencies.map { "\($0.from) → \($0.to)" } == ["Keys.greeting.provider → Keys.greeting"])
    let greeting = try #require(report.keys.first)
    #expect([greeting.name, greeting.type, greeting.lifetime] == ["Keys.greeting", "String", ".transient"])
    #expect(greeting.boundBy == "ReportModule > GreetingModule (App/GreetingModule.swift:4)")
    #expect(greeting.decoratedBy == ["ReportModule (App/ReportModule.swift:6)"])
    #expect(greeting.uncheckedDecoratedBy == greeting.decoratedBy)
    #expect(!greeting.isChecked && !greeting.isLiveOnly && greeting.scope == nil && greeting.childGraph == nil)
    let parting = try #require(report.keys.first { $0.name == "Keys.parting" })
    let dependencies = try #require(parting.dependencies)
    #expect(dependencies.map(\.key) == ["Keys.greeting.provider", "Keys.farewell.optional"])
    #expect(dependencies.map(\.isDeferred) == [false, false] && dependencies.map(\.isOptional) == [false, false])
    let deferred = report.keys.first { $0.name == "Keys.greeting.provider" }?.dependencies
    #expect(deferred?.map(\.isDeferred) == [true] && deferred?.map(\.isOptional) == [false])
    #expect(parting.isChecked)
    let farewell = try #require(report.keys.first { $0.childGraph == "Keys.welcomeFlow" })
    #expect([farewell.name, farewell.scope] == ["Keys.farewell", ".session"])
    let decoded = try JSONDecoder().decode(VerificationReport.self, from: JSONEncoder().encode(report))
    #expect(decoded == report)
  }

  @Test("from nonisolated code: verify() reads every key as data and reports what it covered")
  nonisolated func reportOffTheMainActor() throws {
    let report = try Graph(modules: [ReportModule()]).verify(scopes: [.session])
    #expect(report.description.hasPrefix("verify() read 9 keys and 5 dependencies (1 deferred) as data"))
    #expect(report.keys.map(\.name) == report.verifiedKeys)
    #expect(report.roots.first == "Keys.shout" && report.uncheckedKeys == ["Keys.greeting", "Keys.shout"])
    #expect(report.unnamedKeys.isEmpty)
    #expect(report.unchecked.first?.hasPrefix("Keys.greeting: decorated by ReportModule") == true)
    #expect(report.openedScopes == [".session"] && report.childGraphs == ["Keys.welcomeFlow"])
    #expect(report.dependencies.count == 4 && report.deferredDependencies.count == 1)
    let parting = try #require(report.keys.first { $0.name == "Keys.parting" })
    #expect(
      [parting.type, parting.lifetime, parting.boundBy] == [
        "String", ".transient", "the key's default (App/Keys.swift:5)",
      ])
    #expect(parting.isChecked && !parting.isLiveOnly && parting.decoratedBy.isEmpty)
    #expect(parting.uncheckedDecoratedBy.isEmpty)
    #expect(parting.scope == nil && parting.childGraph == nil)
    let dependencies = try #require(parting.dependencies)
    #expect(dependencies.map(\.isDeferred) == [false, false] && dependencies.map(\.isOptional) == [false, false])
    let optional = try #require(report.keys.first { $0.name == "Keys.farewell.optional" }?.dependencies?.first)
    #expect([optional.key, "\(optional.isOptional)"] == ["Keys.farewell", "true"])
    let provider = try #require(report.keys.first { $0.name == "Keys.greeting.provider" }?.dependencies?.first)
    #expect(provider.isDeferred)
    #expect(try JSONDecoder().decode(VerificationReport.self, from: JSONEncoder().encode(report)) == report)
  }

  @Test("verify() throws every problem it finds, with what it read")
  func verifyThrowsGraphError() throws {
    let graph = try Graph(modules: [GreetingModule()])
    let error = try #require(throws: GraphError.self) {
      try graph.verify(scopes: [], entryPoints: [Keys.sessionToken, Keys.brokenFlow])
    }
    #expect(error.problems.map(\.kind) == [.scopeNotOpen, .childGraphNotBuilt])
    let report = try #require(error.report)
    #expect(report.roots.contains("Keys.brokenFlow"))
    #expect(error.description.hasPrefix("Sheath found 2 problems in the graph:\n\nerror: "))
    #expect(error.description.hasSuffix("\n\nnote: " + report.unchecked.joined(separator: "\nnote: ")))
  }

  @Test("from nonisolated code: verify() throws every problem it finds, with what it read")
  nonisolated func verifyThrowsGraphErrorOffTheMainActor() throws {
    let error = try #require(throws: GraphError.self) {
      try Graph(modules: [GreetingModule()]).verify(scopes: [], entryPoints: [Keys.sessionToken])
    }
    #expect(error.problems.map(\.kind) == [.scopeNotOpen])
    #expect(error.problems.map(\.keyName) == ["Keys.sessionToken"])
    #expect(error.report?.roots.contains("Keys.sessionToken") == true)
    #expect(
      error.report?.unchecked == [
        "Keys.shout: its factory resolves through a resolver, so what it needs is unchecked; declare its dependencies (Key(.transient, .a, .b) { a, b in … })"
      ])
    #expect(error.description.hasPrefix("Sheath found 1 problem in the graph:\n\nerror: "))
  }

  @Test("building a graph throws every problem at once, each with its kind and its key")
  func graphError() throws {
    let error = try #require(throws: GraphError.self) { try Graph(modules: [MissingTokenModule()]) }
    let problem = try #require(error.problems.first)
    #expect(problem.kind == .missingBinding && problem.kind.description == "missing binding")
    #expect(problem.keyName == "Keys.missingToken")
    #expect(problem.description.hasPrefix("error: missing binding for required key Keys.missingToken (Token, "))
    #expect(error.description == "Sheath could not build the graph (1 problem):\n\n" + problem.description)
    #expect(error.report == nil)
    let all = try #require(throws: GraphError.self) { try Graph(modules: ProblemModules.all) }
    #expect(
      Set(all.problems.map(\.kind)) == [
        .duplicateBinding, .conflictingOverrides, .overrideOfUnboundKey, .missingBinding, .duplicateMapEntry,
        .decorationOfUnboundKey, .conflictingModules, .dependencyCycle, .referenceCycle, .captiveDependency,
        .unusableDependency, .weakValueNotAnObject, .endlessIncludes,
      ])
    let below = try #require(throws: GraphError.self) {
      try Graph(modules: []).child(scope: .session).child(modules: [SessionTokenModule()])
    }
    #expect(below.problems.map(\.kind) == [.scopedBindingBelowScope])
  }

  @Test("from nonisolated code: building a graph throws every problem at once; each kind has a name")
  nonisolated func graphErrorOffTheMainActor() throws {
    let error = try #require(throws: GraphError.self) { try Graph(modules: [MissingTokenModule()]) }
    #expect(error.problems.map(\.kind) == [.missingBinding] && error.problems.map(\.keyName) == ["Keys.missingToken"])
    #expect(error.description == "Sheath could not build the graph (1 problem):\n\n" + error.problems[0].description)
    #expect(error.report == nil)
    let kinds: [GraphError.Problem.Kind] = [
      .duplicateBinding, .conflictingOverrides, .overrideOfUnboundKey, .missingBinding, .duplicateMapEntry,
      .scopedBindingBelowScope, .decorationOfUnboundKey, .conflictingModules, .dependencyCycle, .referenceCycle,
      .captiveDependency, .unusableDependency, .weakValueNotAnObject, .scopeNotOpen, .childGraphNotBuilt,
      .endlessIncludes,
    ]
    #expect(
      kinds.map(\.description) == [
        "duplicate binding", "conflicting overrides", "override of an unbound key", "missing binding",
        "duplicate map entry", "scoped binding below its scope", "decorator of an unbound key", "conflicting modules",
        "dependency cycle", "reference cycle", "captive dependency", "unusable dependency",
        "weak value that is not an object",
        "scope not open", "child graph not built", "endless includes",
      ])
  }

  @Test("the graph as DOT: a node per key, an edge per declared dependency")
  func dot() throws {
    expectText(
      try Graph(modules: [GreetingModule()]).dot(entryPoints: [Keys.greetingLength]),
      #"""
      digraph Sheath {
        rankdir=LR;
        node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=11, fillcolor="#ffffff"];
        edge [color="#555555"];
        "Keys.greeting" [label="Keys.greeting\nString\n.transient", fillcolor="#ffffff"];
        "Keys.shout" [label="Keys.shout\nString\n.transient\ndependencies unchecked", fillcolor="#ffffff", style="rounded,filled,dashed"];
        "Keys.greetingLength" [label="Keys.greetingLength\nInt\n.singleton", fillcolor="#dbeafe"];
        "Keys.greetingLength" -> "Keys.greeting";
      }

      """#)
  }

  @Test("from nonisolated code: the graph as DOT")
  nonisolated func dotOffTheMainActor() throws {
    let dot = try Graph(modules: [GreetingModule()]).dot(scopes: [], entryPoints: [Keys.greetingLength])
    #expect(dot.hasPrefix("digraph Sheath {"))
    #expect(dot.contains(#"  "Keys.greetingLength" -> "Keys.greeting";"#))
  }
}

/// Modules with a problem each, for a build that reports them all.
enum ProblemModules {
  static let all: [any Module] = [
    GreetingModule(), DuplicateGreetingModule(), OverridesModule(), FarewellOverrideModule(), MissingTokenModule(),
    DuplicateEntryModule(), ConflictingGreetingsModule(), CycleModule(), Nest<Int>(),
  ]
}

struct DuplicateGreetingModule: Module {
  func register(into b: inout Bindings) { b.bind(.greeting) { "again" } }
}

/// Overrides the greeting a second time; overrides a key that nothing binds, and decorates another.
struct FarewellOverrideModule: Module {
  func register(into b: inout Bindings) {
    b.override(.greeting) { "again" }
    b.override(.farewell) { "bye" }
    b.decorate(.requiredLabel) { _, label in label }
  }
}

struct DuplicateEntryModule: Module {
  func register(into b: inout Bindings) {
    b.contribute(to: .handlers, entry: "open") { _ in "open" }
    b.contribute(to: .handlers, entry: "open") { _ in "open again" }
  }
}

/// Includes one module type configured two ways.
struct ConflictingGreetingsModule: Module {
  func register(into b: inout Bindings) {
    b.include(GreetingModule(greeting: "hello"))
    b.include(GreetingModule(greeting: "howdy"))
  }
}

/// Anything, kept: what `Keys.lazyOwner` and `Keys.lazyHeld` hold of each other.
nonisolated final class Holder: Sendable {
  let held: any Sendable
  init(_ held: any Sendable) { self.held = held }
}

/// Names keys whose dependencies form a cycle, a reference cycle through a lazy value, a captive
/// dependency and an unusable one.
struct CycleModule: Module {
  func register(into b: inout Bindings) {
    b.expose(.cycleStart)
    b.expose(.lazyOwner)
    b.expose(.captive)
    b.expose(.waitsForCount)
    b.expose(.weakCount)
  }
}

/// Includes a new module type each time, without end.
struct Nest<Depth>: Module {
  func register(into b: inout Bindings) { b.include(Nest<[Depth]>()) }
}

struct SessionTokenModule: Module {
  func register(into b: inout Bindings) { b.override(.sessionToken) { Token() } }
}

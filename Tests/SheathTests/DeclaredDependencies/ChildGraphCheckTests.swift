import Sheath
import Testing

// A child graph's check reads each key where it is built: a root singleton with the root's bindings,
// a flow's scoped key with the flow's, anything else with the graph that resolves it.
extension Scope {
  fileprivate static let childGraphCheckStep = Scope("step")
}

extension Keys {
  fileprivate static var token: Key<Int> {
    Key<Int>.required(name: "Keys.token", fileID: "App/Keys.swift", line: 1)
  }
  fileprivate static var session: Key<Instance> {
    Key(.singleton, .token, name: "Keys.session", fileID: "App/Keys.swift", line: 2) { Instance(number: $0) }
  }
  fileprivate static var flowState: Key<Instance> {
    Key(.scoped(.flow), .token, name: "Keys.flowState", fileID: "App/Keys.swift", line: 3) { Instance(number: $0) }
  }
  fileprivate static var otherSession: Key<Instance> {
    Key(.singleton, .token, name: "Keys.otherSession", fileID: "App/Keys.swift", line: 5) { Instance(number: $0) }
  }
  fileprivate static var outerSession: Key<Instance> {
    Key(.singleton, .session, name: "Keys.outerSession", fileID: "App/Keys.swift", line: 6) { $0 }
  }
  fileprivate static var helper: Key<Instance> {
    Key(.transient, name: "Keys.helper", fileID: "App/Keys.swift", line: 7) { Instance(number: 7) }
  }
  fileprivate static var helped: Key<Instance> {
    Key(.singleton, .helper, name: "Keys.helped", fileID: "App/Keys.swift", line: 8) { $0 }
  }
  fileprivate static var flowToken: Key<Int> {
    Key<Int>.required(.scoped(.flow), name: "Keys.flowToken", fileID: "App/Keys.swift", line: 9)
  }
  fileprivate static var holdsFlowToken: Key<Instance> {
    Key(.singleton, .flowToken, name: "Keys.holdsFlowToken", fileID: "App/Keys.swift", line: 10) {
      Instance(number: $0)
    }
  }
  fileprivate static var screens: ChildGraphKey<Void> {
    ChildGraphKey(scope: .childGraphCheckStep, name: "Keys.screens", fileID: "App/Keys.swift", line: 11) {
      [TestModule { b in b.expose(.screen) }]
    }
  }
  fileprivate static var navigator: Key<ChildGraphFactory<Void>> {
    Key(.singleton, .screens, name: "Keys.navigator", fileID: "App/Keys.swift", line: 12) { $0 }
  }
  fileprivate static var plainToken: Key<Int> {
    Key<Int>.required(name: "Keys.plainToken", fileID: "App/Keys.swift", line: 13)
  }
  fileprivate static var holdsPlainToken: Key<Instance> {
    Key(.singleton, .plainToken, name: "Keys.holdsPlainToken", fileID: "App/Keys.swift", line: 14) {
      Instance(number: $0)
    }
  }
  fileprivate static var ownScreens: ChildGraphKey<Void> {
    ChildGraphKey(scope: .childGraphCheckStep, name: "Keys.ownScreens", fileID: "App/Keys.swift", line: 15) {
      [
        TestModule { b in
          b.bind(.token, to: 1)
          b.expose(.screen)
        }
      ]
    }
  }
  fileprivate static var ownNavigator: Key<ChildGraphFactory<Void>> {
    Key(.singleton, .ownScreens, name: "Keys.ownNavigator", fileID: "App/Keys.swift", line: 16) { $0 }
  }
  fileprivate static var resolvedToken: Key<Int> {
    Key<Int>(name: "Keys.resolvedToken", fileID: "App/Keys.swift", line: 17) { _ in 3 }
  }
  fileprivate static var holdsResolvedToken: Key<Instance> {
    Key(.singleton, .resolvedToken, name: "Keys.holdsResolvedToken", fileID: "App/Keys.swift", line: 18) {
      Instance(number: $0)
    }
  }
  fileprivate static var loopA: Key<Instance> {
    Key(.transient, .loopB, name: "Keys.loopA", fileID: "App/Keys.swift", line: 19) { $0 }
  }
  fileprivate static var loopB: Key<Instance> {
    Key(.transient, .loopA, name: "Keys.loopB", fileID: "App/Keys.swift", line: 20) { $0 }
  }
  fileprivate static var holdsLoop: Key<Instance> {
    Key(.singleton, .loopA, name: "Keys.holdsLoop", fileID: "App/Keys.swift", line: 21) { $0 }
  }
  fileprivate static var lazyHolder: Key<Instance> {
    Key(.singleton, .lazyHeld.lazy, name: "Keys.lazyHolder", fileID: "App/Keys.swift", line: 22) { _ in Instance() }
  }
  fileprivate static var lazyHeld: Key<Instance> {
    Key(.transient, .lazyHolder, name: "Keys.lazyHeld", fileID: "App/Keys.swift", line: 23) { $0 }
  }
  fileprivate static var screen: Key<Instance> {
    Key(.transient, .token, name: "Keys.screen", fileID: "App/Keys.swift", line: 4) { Instance(number: $0) }
  }
}

@Suite("Declared dependencies: a child graph's keys checked where they are built")
struct ChildGraphCheckTests {
  @Test(
    "a child's binding that needs a root singleton, which needs the key the child rebinds, is no cycle: the root builds the singleton with its own binding"
  )
  func rootSingletonIsReadWithTheRootsBindings() throws {
    let root = try Graph(modules: [
      TestModule { b in
        b.bind(.token, to: 1)
        b.expose(.session)
      }
    ])
    let child = try root.child(
      scope: .flow, modules: [TestModule { b in b.override(.token, .session) { $0.number + 1 } }])
    #expect(child[.token] == 2)
    #expect(child[.session] === root[.session])
    #expect(root[.session].number == 1)
  }

  @Test(
    "a root singleton only a child names, needing a key only the child binds, is refused when the child is built: the root builds it, and cannot see the child's binding"
  )
  func rootSingletonCannotSeeTheChildsBinding() throws {
    let root = try Graph(modules: [])
    expectText(
      buildError(
        [
          TestModule { b in
            b.bind(.token, fileID: "App/FlowModule.swift", line: 5) { _ in 2 }
            b.expose(.session)
          }
        ], parent: root, scope: .flow),
      """
      Sheath could not build the graph (1 problem):

      error: missing binding for required key Keys.token (Int, App/Keys.swift:1) in the root graph
        needed by Keys.session → Keys.token
        Keys.session is .singleton, so the root graph builds it and resolves what it needs there
        TestModule (App/FlowModule.swift:5) binds Keys.token in a child graph that opened .flow, which the root graph does not see
      fix: move the binding of Keys.token to a module of the root graph, or bind Keys.session in a module of a child graph that opened .flow, so that that graph builds it
      """)
  }

  @Test("the fix the message gives works: the child binds the singleton too, and builds it")
  func childBindsTheSingletonToo() throws {
    let root = try Graph(modules: [])
    let child = try root.child(
      scope: .flow,
      modules: [
        TestModule { b in
          b.bind(.token, to: 2)
          b.bind(.session, .singleton, .token) { Instance(number: $0) }
        }
      ])
    #expect(child[.session].number == 2)
    #expect(child[.session] === child[.session])
  }

  @Test(
    "a key no graph binds is one problem, with each path that needs it: the root's singleton's and the child's own screen's"
  )
  func missingEverywhereIsOneProblem() throws {
    let root = try Graph(modules: [])
    expectText(
      buildError(
        [
          TestModule { b in
            b.expose(.session)
            b.expose(.screen)
          }
        ], parent: root, scope: .flow),
      """
      Sheath could not build the graph (1 problem):

      error: missing binding for required key Keys.token (Int, App/Keys.swift:1)
        needed by Keys.session → Keys.token
        needed by Keys.screen → Keys.token
      fix: bind it in one of the installed modules: b.bind(.token) { … }
      """)
  }

  @Test(
    "a flow's scoped key, bound where the flow opens, reads the flow's bindings; a graph below the flow that binds what it needs is refused, with a fix that fits a scoped key"
  )
  func scopedKeyIsBuiltWhereItsScopeOpens() throws {
    let root = try Graph(modules: [])
    let flow = root.child(scope: .flow)
    expectText(
      buildError(
        [
          TestModule { b in
            b.bind(.token, fileID: "App/StepModule.swift", line: 3) { _ in 3 }
            b.expose(.flowState)
          }
        ], parent: flow),
      """
      Sheath could not build the graph (1 problem):

      error: missing binding for required key Keys.token (Int, App/Keys.swift:1) in a child graph that opened .flow
        needed by Keys.flowState → Keys.token
        Keys.flowState is .scoped(.flow), so a child graph that opened .flow builds it and resolves what it needs there
        TestModule (App/StepModule.swift:3) binds Keys.token in a child graph, which a child graph that opened .flow does not see
      fix: move the binding of Keys.token to a module of a child graph that opened .flow
      """)
    // Bound where the flow opens, it builds and resolves.
    let boundFlow = try root.child(
      scope: .flow,
      modules: [
        TestModule { b in
          b.bind(.token, to: 4)
          b.expose(.flowState)
        }
      ])
    let step = try boundFlow.child(modules: [TestModule { b in b.override(.token, to: 5) }])
    #expect(step[.flowState].number == 4)
    #expect(step[.screen].number == 5)
  }

  @Test(
    "a key a child resolves that no graph knew is checked where it is built too, and stops before its factory runs"
  )
  func unknownKeyFromAChild() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let root = try Graph(modules: [])
      let child = try root.child(
        scope: .flow, modules: [TestModule { b in b.bind(.token, fileID: "App/FlowModule.swift", line: 5) { _ in 2 } }])
      _ = child[.session, fileID: "App/Screen.swift", line: 12]
    }
    expectText(
      trapMessage(result),
      """
      Sheath: Keys.session (Instance, App/Keys.swift:2) cannot be resolved: the graph did not know it when it was built, and checking it now found 1 problem
        error: missing binding for required key Keys.token (Int, App/Keys.swift:1) in the root graph
          needed by Keys.session → Keys.token
          Keys.session is .singleton, so the root graph builds it and resolves what it needs there
          TestModule (App/FlowModule.swift:5) binds Keys.token in a child graph that opened .flow, which the root graph does not see
        fix: move the binding of Keys.token to a module of the root graph, or bind Keys.session in a module of a child graph that opened .flow, so that that graph builds it
      fix: fix the problems above, and name the key in a module, b.expose(.session), so that building the graph checks it
      """)
  }

  @Test("a transient key a child resolves reads the child's binding, and the root's own resolution stays the root's")
  func transientKeyReadsTheResolvingGraph() throws {
    let root = try Graph(modules: [TestModule { b in b.bind(.token, to: 1) }])
    let child = try root.child(
      modules: [
        TestModule { b in
          b.override(.token, to: 2)
          b.expose(.screen)
        }
      ])
    #expect(child[.screen].number == 2)
    #expect(root[.screen].number == 1)
  }
  @Test(
    "a child knows every key its keys reach, those a root singleton needs included: they resolve from it, even in a graph that stops on unknown keys"
  )
  func childKnowsWhatRootSingletonsReach() throws {
    let root = try Graph(modules: [], stopsOnUnknownKeys: true)
    let child = try root.child(scope: .flow, modules: [TestModule { b in b.expose(.helped) }])
    #expect(Set(child.knownKeys.map(\.name)) == ["Keys.helped", "Keys.helper"])
    #expect(child[.helper].number == 7)
    // The root builds it, and its factory resolves the helper there: inside a factory, which is allowed.
    #expect(child[.helped] === child[.helped])
  }

  @Test(
    "a root singleton that needs a scoped key a child binds is a captive dependency, as it is wherever the key is bound: no missing binding whose fix would not help"
  )
  func rootSingletonNeedingTheChildsScopedKey() throws {
    let root = try Graph(modules: [])
    let error = buildError(
      [
        TestModule { b in
          b.bind(.flowToken, to: 2)
          b.expose(.holdsFlowToken)
        }
      ], parent: root, scope: .flow)
    #expect(
      error.hasPrefix(
        """
        Sheath could not build the graph (1 problem):

        error: captive dependency: Keys.holdsFlowToken (Instance, App/Keys.swift:10) is .singleton, but holds Keys.flowToken (Int, App/Keys.swift:9), which is .scoped(.flow)
        """), "\(error)")
  }

  @Test(
    "every root singleton on the way is named, and the fix binds them all: two that need the key, or a chain of them"
  )
  func everyRootSingletonOnTheWay() throws {
    let root = try Graph(modules: [])
    expectText(
      buildError(
        [
          TestModule { b in
            b.bind(.token, fileID: "App/FlowModule.swift", line: 5) { _ in 2 }
            b.expose(.outerSession)
            b.expose(.otherSession)
          }
        ], parent: root, scope: .flow),
      """
      Sheath could not build the graph (1 problem):

      error: missing binding for required key Keys.token (Int, App/Keys.swift:1) in the root graph
        needed by Keys.otherSession → Keys.token
        needed by Keys.outerSession → Keys.session → Keys.token
        Keys.otherSession, Keys.outerSession and Keys.session are .singleton, so the root graph builds them and resolves what they need there
        TestModule (App/FlowModule.swift:5) binds Keys.token in a child graph that opened .flow, which the root graph does not see
      fix: move the binding of Keys.token to a module of the root graph, or bind Keys.otherSession, Keys.outerSession and Keys.session in a module of a child graph that opened .flow, so that that graph builds them
      """)
    // The fix, applied: the child builds all three, and resolves them.
    let child = try root.child(
      scope: .flow,
      modules: [
        TestModule { b in
          b.bind(.token, to: 2)
          b.bind(.outerSession, .singleton, .session) { $0 }
          b.bind(.session, .singleton, .token) { Instance(number: $0) }
          b.bind(.otherSession, .singleton, .token) { Instance(number: $0) }
        }
      ])
    #expect(child[.outerSession].number == 2 && child[.otherSession].number == 2)
  }

  @Test("a scoped binding below its scope is one problem: what it needs is read where the module bound it")
  func misplacedScopedBindingIsOneProblem() throws {
    let flow = try Graph(modules: []).child(scope: .flow)
    let error = buildError(
      [
        TestModule { b in
          b.bind(.token, to: 3)
          b.bind(.flowState, .scoped(.flow), .token) { Instance(number: $0) }
        }
      ], parent: flow)
    #expect(error.hasPrefix("Sheath could not build the graph (1 problem):"), "\(error)")
  }
  @Test(
    "verify() and dot() on a child list each key once, as the child resolves it; a key the root builds differently is named with the root graph, so no cycle is drawn that the graphs do not have"
  )
  func childReadingNamesTheRootsKeys() throws {
    let root = try Graph(modules: [
      TestModule { b in
        b.bind(.token, to: 1)
        b.expose(.session)
      }
    ])
    let child = try root.child(
      scope: .flow, modules: [TestModule { b in b.override(.token, .session) { $0.number + 1 } }])
    let report = try child.verify()
    let names = report.keys.map(\.name)
    #expect(names.count == Set(names).count, "\(names)")
    let dependencies = Dictionary(
      uniqueKeysWithValues: report.keys.map { ($0.name, ($0.dependencies ?? []).map(\.key)) })
    #expect(dependencies["Keys.token"] == ["Keys.session"])
    #expect(dependencies["Keys.session"] == ["Keys.token in the root graph"])
    let dot = child.dot()
    #expect(dot.contains("\"Keys.session\" -> \"Keys.token in the root graph\";"), "\(dot)")
    #expect(!dot.contains("\"Keys.session\" -> \"Keys.token\";"), "\(dot)")
  }

  @Test(
    "a child graph key a root singleton holds is read under the root, where its factory opens it: verify() on the child reports what opening it would stop on"
  )
  func childGraphKeyOfARootSingleton() throws {
    let root = try Graph(modules: [])
    let child = try root.child(
      scope: .flow,
      modules: [
        TestModule { b in
          b.bind(.token, to: 2)
          b.expose(.navigator)
        }
      ])
    expectText(
      (try? child.verify()).map { "passed: \($0)" } ?? verifyError(child),
      """
      Sheath found 1 problem in the graph:

      error: the child graph of Keys.screens could not be built
        Keys.screens (ChildGraphFactory<Void>, App/Keys.swift:11)
        the root graph opens it, as it builds Keys.navigator, which holds it
        Sheath could not build the graph (1 problem):

        error: missing binding for required key Keys.token (Int, App/Keys.swift:1)
          needed by Keys.screen → Keys.token
        fix: bind it in one of the installed modules: b.bind(.token) { … }
      fix: fix the child's modules (the ChildGraphKey's modules); verify() opens every child graph key it meets
      """)
  }
}

extension ChildGraphCheckTests {
  @Test(
    "whether a root singleton may hold a key only a child binds follows the child's binding, not the key's declaration"
  )
  func captiveOrMissingFollowsTheBinding() throws {
    let root = try Graph(modules: [])
    // Declared transient, bound scoped: captive, wherever it were bound.
    let scoped = buildError(
      [
        TestModule { b in
          b.bind(.plainToken, .scoped(.flow), fileID: "App/FlowModule.swift", line: 7) { _ in 2 }
          b.expose(.holdsPlainToken)
        }
      ], parent: root, scope: .flow)
    #expect(
      scoped.contains(
        "error: captive dependency: Keys.holdsPlainToken (Instance, App/Keys.swift:14) is .singleton, but holds Keys.plainToken (Int, App/Keys.swift:13), which is .scoped(.flow)\n"
      ), "\(scoped)")
    #expect(
      scoped.contains(
        "  Keys.plainToken is .scoped(.flow) as TestModule (App/FlowModule.swift:7) binds it in a child graph that opened .flow\n"
      ), "\(scoped)")
    #expect(!scoped.contains("missing binding"), "\(scoped)")
    // Declared scoped, bound transient: no captive dependency, but the root cannot see the binding.
    let transient = buildError(
      [
        TestModule { b in
          b.bind(.flowToken, .transient) { _ in 2 }
          b.expose(.holdsFlowToken)
        }
      ], parent: root, scope: .flow)
    #expect(
      transient.contains(
        "error: missing binding for required key Keys.flowToken (Int, App/Keys.swift:9) in the root graph"),
      "\(transient)")
    #expect(!transient.contains("captive"), "\(transient)")
  }

  @Test(
    "a child graph key the child reaches only through a root singleton is read under the root, and under the child too: the child knows it, and could open it itself"
  )
  func childGraphKeyReachedOnlyThroughTheRoot() throws {
    let root = try Graph(modules: [])
    let child = try root.child(
      scope: .flow,
      modules: [
        TestModule { b in
          b.bind(.token, to: 5)
          b.expose(.ownNavigator)
        }
      ])
    // Through the root singleton, it opens under the root.
    #expect(child[.ownNavigator].open()[.screen].number == 1)
    // Opened from the child itself, its modules would bind .token a second time: verify() says so.
    let error = verifyError(child)
    #expect(error.hasPrefix("Sheath found 1 problem in the graph:"), "\(error)")
    #expect(error.contains("error: duplicate binding for Keys.token (Int, App/Keys.swift:1)"), "\(error)")
    #expect(!error.contains("the root graph opens it"), "\(error)")
  }
}

extension ChildGraphCheckTests {
  @Test(
    "verify() on a child lists what a graph above builds in a way of its own, named with that graph: a key the root resolves through a resolver is unchecked, as the graph's uncheckedKeys say"
  )
  func rootBuiltKeysInTheChildsReport() throws {
    let root = try Graph(modules: [])
    let child = try root.child(
      scope: .flow,
      modules: [
        TestModule { b in
          b.override(.resolvedToken, to: 4)
          b.expose(.holdsResolvedToken)
        }
      ])
    let report = try child.verify()
    #expect(report.uncheckedKeys == ["Keys.resolvedToken in the root graph"])
    #expect(child.uncheckedKeys.map(\.name) == ["Keys.resolvedToken"])
    let dependencies = Dictionary(
      uniqueKeysWithValues: report.keys.map { ($0.name, ($0.dependencies ?? []).map(\.key)) })
    #expect(dependencies["Keys.holdsResolvedToken"] == ["Keys.resolvedToken in the root graph"])
    #expect(dependencies["Keys.resolvedToken"] == [])
    #expect(child.dot().contains("\"Keys.resolvedToken in the root graph\" [label="), "\(child.dot())")
    #expect(child[.holdsResolvedToken].number == 3 && child[.resolvedToken] == 4)
  }

  @Test(
    "a reference cycle among keys the root builds, which only a child's key reaches, says it is the root graph's"
  )
  func referenceCycleInTheRootGraph() throws {
    let root = try Graph(modules: [])
    let error = buildError(
      [
        TestModule { b in
          b.override(.lazyHeld) { Instance() }
          b.expose(.lazyHolder)
        }
      ], parent: root, scope: .flow)
    #expect(
      error.hasPrefix(
        """
        Sheath could not build the graph (1 problem):

        error: reference cycle in the root graph: Keys.lazyHolder is .singleton, and holds itself through Keys.lazyHeld.lazy once it is read
        """), "\(error)")
  }

  @Test(
    "a cycle among keys the root builds, which only a child's key reaches, says it is the root graph's: the child's own bindings have none"
  )
  func cycleInTheRootGraph() throws {
    let root = try Graph(modules: [])
    let error = buildError(
      [
        TestModule { b in
          b.override(.loopB) { Instance() }
          b.expose(.holdsLoop)
        }
      ], parent: root, scope: .flow)
    #expect(
      error.hasPrefix(
        """
        Sheath could not build the graph (1 problem):

        error: dependency cycle in the root graph
          Keys.loopA (Instance, App/Keys.swift:19)
          → Keys.loopB (Instance, App/Keys.swift:20)
          → Keys.loopA
        """), "\(error)")
  }
}

/// The error `graph.verify()` throws, as text.
private func verifyError(_ graph: Graph) -> String {
  do {
    _ = try graph.verify()
    return "no error"
  } catch {
    return String(describing: error)
  }
}

import Sheath
import Testing

// A main-actor view model that takes main-actor values — a presenter, a navigator — as directly as a
// nonisolated data controller: its dependencies are `TypedKey`s.

private final class ProfileData: Sendable {}

@MainActor private final class ProfilePresenter {}

@MainActor private final class ProfileNavigator {}

@MainActor private protocol ProfileView: AnyObject {}
@MainActor private final class ProfileScreen: ProfileView {}

@MainActor private final class ProfileViewModel {
  let data: ProfileData
  let presenter: ProfilePresenter
  let navigator: ProfileNavigator
  weak var view: (any ProfileView)?
  init(data: ProfileData, presenter: ProfilePresenter, navigator: ProfileNavigator, view: (any ProfileView)? = nil) {
    self.data = data
    self.presenter = presenter
    self.navigator = navigator
    self.view = view
  }
}

@MainActor private final class Node {}

extension Keys {
  fileprivate static var profileData: Key<ProfileData> { Key(.singleton) { ProfileData() } }
  fileprivate static var profilePresenter: MainActorKey<ProfilePresenter> {
    MainActorKey(.transient) { ProfilePresenter() }
  }
  fileprivate static var profileNavigator: MainActorKey<ProfileNavigator> {
    MainActorKey(.singleton) { ProfileNavigator() }
  }
  fileprivate static var profileViewModel: MainActorKey<ProfileViewModel> {
    MainActorKey(.transient, .profileData, .profilePresenter, .profileNavigator) { data, presenter, navigator in
      ProfileViewModel(data: data, presenter: presenter, navigator: navigator)
    }
  }
  fileprivate static var profileScreenModel: MainActorAssistedKey<any ProfileView, ProfileViewModel> {
    MainActorAssistedKey(.profileData, .profilePresenter, .profileNavigator) { view, data, presenter, navigator in
      ProfileViewModel(data: data, presenter: presenter, navigator: navigator, view: view)
    }
  }
  fileprivate static var requiredPresenter: MainActorKey<ProfilePresenter> {
    MainActorKey<ProfilePresenter>.required(name: "Keys.requiredPresenter", fileID: "App/Keys.swift", line: 1)
  }

  // Named and placed explicitly, so that the pinned messages read like an app's.
  fileprivate static var needsRequired: MainActorKey<Node> {
    MainActorKey(.transient, .requiredPresenter, name: "Keys.needsRequired", fileID: "App/Keys.swift", line: 2) {
      _ in neverBuilt(Node(), "needsRequired")
    }
  }
  fileprivate static var loopA: MainActorKey<Node> {
    MainActorKey(.singleton, .loopB, name: "Keys.loopA", fileID: "App/Keys.swift", line: 3) {
      _ in neverBuilt(Node(), "loopA")
    }
  }
  fileprivate static var loopB: MainActorKey<Node> {
    MainActorKey(.transient, .loopA, name: "Keys.loopB", fileID: "App/Keys.swift", line: 4) {
      _ in neverBuilt(Node(), "loopB")
    }
  }
  fileprivate static var screenState: MainActorKey<Node> {
    MainActorKey(.scoped(.flow), name: "Keys.screenState", fileID: "App/Keys.swift", line: 5) {
      neverBuilt(Node(), "screenState")
    }
  }
  fileprivate static var screenPresenter: MainActorKey<Node> {
    MainActorKey(.transient, .screenState, name: "Keys.screenPresenter", fileID: "App/Keys.swift", line: 6) {
      _ in neverBuilt(Node(), "screenPresenter")
    }
  }
  fileprivate static var appRouter: MainActorKey<Node> {
    MainActorKey(.singleton, .screenPresenter, name: "Keys.appRouter", fileID: "App/Keys.swift", line: 7) {
      _ in neverBuilt(Node(), "appRouter")
    }
  }
  fileprivate static var assistedNode: MainActorAssistedKey<Int, Node> {
    MainActorAssistedKey(name: "Keys.assistedNode", fileID: "App/Keys.swift", line: 8) { _ in
      neverBuilt(Node(), "assistedNode")
    }
  }
  fileprivate static var plainAssisted: AssistedKey<Int, ProfileData> {
    AssistedKey(name: "Keys.plainAssisted", fileID: "App/Keys.swift", line: 9) { _ in
      neverBuilt(ProfileData(), "plainAssisted")
    }
  }
  fileprivate static var loadedData: AsyncKey<ProfileData> {
    AsyncKey(.singleton, name: "Keys.loadedData", fileID: "App/Keys.swift", line: 10) {
      neverBuilt(ProfileData(), "loadedData")
    }
  }
  fileprivate static var takesEverything: MainActorKey<Node> {
    MainActorKey(
      .transient, .assistedNode, .plainAssisted, .loadedData, name: "Keys.takesEverything",
      fileID: "App/Keys.swift", line: 11
    ) { _, _, _ in neverBuilt(Node(), "takesEverything") }
  }
  fileprivate static var screenTakesLoaded: MainActorAssistedKey<Int, Node> {
    MainActorAssistedKey(.loadedData, name: "Keys.screenTakesLoaded", fileID: "App/Keys.swift", line: 12) {
      _, _ in neverBuilt(Node(), "screenTakesLoaded")
    }
  }
  // Escape hatches that ask an unusable key for its value as a declared factory would, past the
  // graph's check: what only a bug in that check could let happen.
  fileprivate static var pastTheCheck: MainActorKey<Node> {
    MainActorKey { r in Keys.assistedNode.value(forMainActorFactory: r, fileID: "App/Screen.swift", line: 3) }
  }
  fileprivate static var asyncPastTheCheck: AsyncKey<ProfileData> {
    AsyncKey { r in
      try await Keys.plainAssisted.value(forAsyncFactory: r, fileID: "App/Screen.swift", line: 4)
    }
  }
  fileprivate static var takesProviders: MainActorKey<Node> {
    MainActorKey(.transient, .assistedNode.factory, .plainAssisted.factory, .loadedData.provider) { _, _, _ in
      Node()
    }
  }
}

@Suite("Declared dependencies: main-actor keys on main-actor keys")
@MainActor
struct DeclaredMainActorDependencyTests {
  @Test("a main-actor key takes main-actor and nonisolated values directly, each as its lifetime says")
  func direct() throws {
    let graph = try Graph(modules: [TestModule { b in b.expose(.profileViewModel) }])
    let first = graph[.profileViewModel]
    let second = graph[.profileViewModel]
    #expect(first !== second)
    #expect(first.presenter !== second.presenter, "the presenter is transient")
    #expect(first.navigator === second.navigator, "the navigator is a singleton")
    #expect(first.navigator === graph[.profileNavigator])
    #expect(first.data === graph[.profileData])
  }

  @Test("the graph knows every edge, and checks them all")
  func known() throws {
    let graph = try Graph(modules: [TestModule { b in b.expose(.profileViewModel) }])
    #expect(
      graph.knownKeys.map(\.name) == [
        "Keys.profileViewModel", "Keys.profileData", "Keys.profilePresenter", "Keys.profileNavigator",
      ])
    #expect(graph.uncheckedKeys.isEmpty)
  }

  @Test("a main-actor assisted key takes main-actor values after its argument")
  func assisted() throws {
    let graph = try Graph(modules: [TestModule { b in b.expose(.profileScreenModel) }])
    let screen = ProfileScreen()
    let viewModel = graph.make(.profileScreenModel, screen)
    #expect(viewModel.view === screen)
    #expect(viewModel.navigator === graph[.profileNavigator])
  }

  @Test("a module binds and overrides main-actor keys with main-actor dependencies")
  func bindAndOverride() throws {
    let navigator = ProfileNavigator()
    let graph = try Graph(modules: [
      TestModule { b in
        b.bind(.requiredPresenter, .profileNavigator) { _ in ProfilePresenter() }
        b.override(.profileNavigator, .singleton) { navigator }
        b.override(.profileViewModel, .profileData, .requiredPresenter, .profileNavigator) {
          data, presenter, navigator in
          ProfileViewModel(data: data, presenter: presenter, navigator: navigator)
        }
        b.override(.profileScreenModel, .requiredPresenter, .profileNavigator) { view, presenter, navigator in
          ProfileViewModel(data: ProfileData(), presenter: presenter, navigator: navigator, view: view)
        }
      }
    ])
    #expect(graph[.profileViewModel].navigator === navigator)
    #expect(graph.make(.profileScreenModel, ProfileScreen()).navigator === navigator)
    #expect(graph.uncheckedKeys.isEmpty)
  }

  @Test("a missing main-actor binding is reported with the path that needs it")
  func missing() {
    expectText(
      buildError([TestModule { b in b.expose(.needsRequired) }]),
      """
      Sheath could not build the graph (1 problem):

      error: missing binding for required key Keys.requiredPresenter (ProfilePresenter, App/Keys.swift:1)
        needed by Keys.needsRequired → Keys.requiredPresenter
      fix: bind it in one of the installed modules: b.bind(.requiredPresenter) { … }
      """)
  }

  @Test("main-actor keys that need each other are a cycle, reported before any factory runs")
  func cycle() {
    expectText(
      buildError([TestModule { b in b.expose(.loopA) }]),
      """
      Sheath could not build the graph (1 problem):

      error: dependency cycle
        Keys.loopA (Node, App/Keys.swift:3)
        → Keys.loopB (Node, App/Keys.swift:4)
        → Keys.loopA
      fix: declare one of these dependencies as .provider (MainActorKey(.singleton, .loopB.provider) { … }) and resolve it after the factory returns, or split a type so the cycle disappears
      """)
  }

  @Test("a main-actor singleton that holds a flow's main-actor state through a transient key is captive")
  func captive() {
    expectText(
      buildError([TestModule { b in b.expose(.appRouter) }]),
      """
      Sheath could not build the graph (1 problem):

      error: captive dependency: Keys.appRouter (Node, App/Keys.swift:7) is .singleton, but holds Keys.screenState (Node, App/Keys.swift:5), which is .scoped(.flow)
        Keys.appRouter → Keys.screenPresenter → Keys.screenState
      fix: give Keys.appRouter a lifetime no longer than .scoped(.flow), or resolve Keys.screenState from a graph that opens .flow and pass it to the method that needs it
      """)
  }

  @Test("an assisted or async key as a direct dependency is an error that says what to declare, every one at once")
  func unusable() {
    expectText(
      buildError([
        TestModule { b in
          b.expose(.takesEverything)
          b.expose(.screenTakesLoaded)
        }
      ]),
      """
      Sheath could not build the graph (4 problems):

      error: Keys.takesEverything cannot take the value of Keys.assistedNode ((Int) -> Node, App/Keys.swift:8): an assisted key builds its value from an argument its caller passes
        needed by Keys.takesEverything → Keys.assistedNode
      fix: declare .assistedNode.factory and call it with the argument

      error: Keys.takesEverything cannot take the value of Keys.plainAssisted ((Int) -> ProfileData, App/Keys.swift:9): an assisted key builds its value from an argument its caller passes
        needed by Keys.takesEverything → Keys.plainAssisted
      fix: declare .plainAssisted.factory and call it with the argument

      error: Keys.takesEverything cannot take the value of Keys.loadedData (ProfileData, App/Keys.swift:10): an async key's value is awaited, and a main-actor factory cannot wait
        needed by Keys.takesEverything → Keys.loadedData
      fix: declare .loadedData.provider and await it where the value is needed

      error: Keys.screenTakesLoaded cannot take the value of Keys.loadedData (ProfileData, App/Keys.swift:10): an async key's value is awaited, and a main-actor factory cannot wait
        needed by Keys.screenTakesLoaded → Keys.loadedData
      fix: declare .loadedData.provider and await it where the value is needed
      """)
  }

  @Test("the same keys through .factory and .provider are deferred, and fine")
  func deferred() throws {
    let graph = try Graph(modules: [TestModule { b in b.expose(.takesProviders) }])
    _ = graph[.takesProviders]
  }

  @Test("a main-actor factory handed an unusable key past the check stops, and says it is a bug in Sheath")
  func unusableAtRunTime() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        _ = try! Graph(modules: [])[.pastTheCheck]
      }
    }
    expectText(
      trapMessage(result),
      """
      Sheath: a main-actor factory cannot take the value of Keys.assistedNode ((Int) -> Node, App/Keys.swift:8): an assisted key builds its value from an argument its caller passes
        the graph's check did not report it: please report this as a bug in Sheath
      fix: declare .assistedNode.factory and call it with the argument
      """)
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("App/Screen.swift:3: Fatal error: Sheath: a main-actor factory"), "\(standardError)")
  }

  @Test("an async factory handed an unusable key past the check stops, and says it is a bug in Sheath")
  func asyncUnusableAtRunTime() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = try await Graph(modules: [])[.asyncPastTheCheck]
    }
    expectText(
      trapMessage(result),
      """
      Sheath: an async factory cannot take the value of Keys.plainAssisted ((Int) -> ProfileData, App/Keys.swift:9): an assisted key builds its value from an argument its caller passes
        the graph's check did not report it: please report this as a bug in Sheath
      fix: declare .plainAssisted.factory and call it with the argument
      """)
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("App/Screen.swift:4: Fatal error: Sheath: an async factory"), "\(standardError)")
  }

  @Test("a key the graph did not know is checked on its first resolution, and stops before its factory runs")
  func unknownKeyChecked() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let graph = try! Graph(modules: [])
        _ = graph.make(.screenTakesLoaded, 1, fileID: "App/Screen.swift", line: 12)
      }
    }
    expectText(
      trapMessage(result),
      """
      Sheath: Keys.screenTakesLoaded ((Int) -> Node, App/Keys.swift:12) cannot be resolved: the graph did not know it when it was built, and checking it now found 1 problem
        error: Keys.screenTakesLoaded cannot take the value of Keys.loadedData (ProfileData, App/Keys.swift:10): an async key's value is awaited, and a main-actor factory cannot wait
          needed by Keys.screenTakesLoaded → Keys.loadedData
        fix: declare .loadedData.provider and await it where the value is needed
      fix: fix the problems above, and name the key in a module, b.expose(.screenTakesLoaded), so that building the graph checks it
      """)
  }
}

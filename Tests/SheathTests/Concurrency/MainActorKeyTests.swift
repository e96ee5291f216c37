import Sheath
import Testing

/// A view-facing object that is not `Sendable`: it lives on the main actor, where the graph keeps it.
final class Presenter {
  let data: any DataControlling
  var title = ""
  init(data: any DataControlling) { self.data = data }
}

/// A view model built with its view, on the main actor.
@MainActor
final class ScreenModel {
  let view: any RegistrationView
  let presenter: Presenter
  init(view: any RegistrationView, presenter: Presenter) {
    self.view = view
    self.presenter = presenter
  }
}

extension Keys {
  fileprivate static var data: Key<any DataControlling> {
    Key<any DataControlling>(.singleton) { _ in DataController(api: LiveAPIClient()) }
  }
  fileprivate static var presenter: MainActorKey<Presenter> {
    MainActorKey<Presenter> { r in Presenter(data: r[.data]) }
  }
  fileprivate static var sharedPresenter: MainActorKey<Presenter> {
    MainActorKey<Presenter>(.singleton) { r in Presenter(data: r[.data]) }
  }
  fileprivate static var flowPresenter: MainActorKey<Presenter> {
    MainActorKey<Presenter>(
      .scoped(.flow), name: "Keys.flowPresenter", fileID: "App/Keys.swift", line: 26
    ) {
      r in Presenter(data: r[.data])
    }
  }
  fileprivate static var weakPresenter: MainActorKey<Presenter> {
    MainActorKey<Presenter>(.weak) { r in Presenter(data: r[.data]) }
  }
  fileprivate static var screen: MainActorAssistedKey<any RegistrationView, ScreenModel> {
    MainActorAssistedKey<any RegistrationView, ScreenModel> { r, view in
      ScreenModel(view: view, presenter: r[.flowPresenter])
    }
  }
  fileprivate static var titles: MainActorKey<[String]> {
    MainActorKey<[String]> { r in [r[.presenter].title, r[.sharedPresenter].title] }
  }
  fileprivate static var router: MainActorKey<Router> {
    MainActorKey<Router>(.singleton) { r in
      Router(makePresenter: r.provider(.presenter))
    }
  }
  fileprivate static var counted: MainActorKey<Presenter> {
    MainActorKey<Presenter>(.singleton) { _ in
      Presenter(data: DataController(api: LiveAPIClient()))
    }
  }
  static var presenterForVerify: MainActorKey<Presenter> { MainActorKey<Presenter> { r in Presenter(data: r[.data]) } }
  static var screenForVerify: MainActorAssistedKey<any RegistrationView, ScreenModel> {
    MainActorAssistedKey<any RegistrationView, ScreenModel> { r, view in
      ScreenModel(view: view, presenter: r[.presenterForVerify])
    }
  }
}

/// Makes presenters later, on the main actor.
@MainActor
private final class Router {
  let makePresenter: MainActorProvider<Presenter>
  init(makePresenter: MainActorProvider<Presenter>) { self.makePresenter = makePresenter }
}

@Suite("Main-actor keys")
@MainActor
struct MainActorKeyTests {
  @Test("a main-actor key resolves on the main actor with no await, and its factory resolves nonisolated keys")
  func resolvesOnMainActor() throws {
    let graph = try Graph(modules: [])
    let presenter = graph[.presenter]
    #expect(presenter.data === graph[.data])
    #expect(graph[.presenter] !== presenter)
  }

  @Test("singleton: one instance per graph, kept although it is not Sendable")
  func singleton() throws {
    let graph = try Graph(modules: [])
    let presenter = graph[.sharedPresenter]
    presenter.title = "kept"
    #expect(graph[.sharedPresenter] === presenter)
    #expect(graph[.titles] == ["", "kept"])
    #expect(try Graph(modules: [])[.sharedPresenter] !== presenter)
  }

  @Test("singleton: released with its graph")
  func singletonReleased() throws {
    weak var released: Presenter?
    do {
      let graph = try Graph(modules: [])
      released = graph[.sharedPresenter]
      #expect(released != nil)
    }
    #expect(released == nil)
  }

  @Test("scoped: one instance per flow, shared by the flow's screens")
  func scoped() throws {
    let graph = try Graph(modules: [])
    let flowA = graph.child(scope: .flow)
    let flowB = graph.child(scope: .flow)
    #expect(flowA[.flowPresenter] === flowA[.flowPresenter])
    #expect(flowA[.flowPresenter] !== flowB[.flowPresenter])
    let first = flowA.make(.screen, TestView(title: "one"))
    let second = flowA[.screen](TestView(title: "two"))
    #expect(first.presenter === second.presenter)
    #expect(first.view.title == "one")
    #expect(second.view.title == "two")
  }

  @Test("weak: shared while someone holds it, rebuilt after")
  func weak() throws {
    let graph = try Graph(modules: [])
    var held: Presenter? = graph[.weakPresenter]
    weak var released: Presenter?
    released = held
    #expect(graph[.weakPresenter] === held)
    held = nil
    #expect(released == nil)
    let next = graph[.weakPresenter]
    #expect(graph[.weakPresenter] === next)
  }

  @Test("modules bind and override main-actor keys, in the graph and its children")
  func bindAndOverride() throws {
    let graph = try Graph(modules: [
      TestModule { b in
        b.bind(.presenter) { r in
          let presenter = Presenter(data: r[.data])
          presenter.title = "bound"
          return presenter
        }
        b.bind(.screen) { _, view in
          ScreenModel(view: view, presenter: Presenter(data: DataController(api: FakeAPIClient())))
        }
      }
    ])
    #expect(graph[.presenter].title == "bound")
    #expect(graph.make(.screen, TestView(title: "")).presenter.data.api.name == "fake")
    let child = try graph.child(modules: [
      TestModule { b in
        b.override(.presenter, .singleton) { r in
          let presenter = Presenter(data: r[.data])
          presenter.title = "overridden"
          return presenter
        }
        b.override(.screen) { r, view in ScreenModel(view: view, presenter: r[.presenter]) }
      }
    ])
    #expect(child[.presenter].title == "overridden")
    #expect(child[.presenter] === child[.presenter])
    #expect(child.make(.screen, TestView(title: "")).presenter === child[.presenter])
    #expect(graph[.presenter].title == "bound")
  }

  @Test("a main-actor provider resolves each time it is called")
  func provider() throws {
    let graph = try Graph(modules: [])
    let router = graph[.router]
    #expect(router.makePresenter() !== router.makePresenter())
    #expect(graph.provider(.sharedPresenter)() === graph[.sharedPresenter])
  }

  @Test("a main-actor singleton is built once when 16 tasks ask at the same time")
  func singletonOnceUnderContention() async throws {
    let built = Counter()
    let graph = try Graph(modules: [
      TestModule { b in
        b.override(.counted) { _ in
          built.increment()
          return Presenter(data: DataController(api: LiveAPIClient()))
        }
      }
    ])
    let seen = ObjectSet()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<16 {
        group.addTask {
          for _ in 0..<100 {
            await MainActor.run { seen.insert(graph[.counted]) }
          }
        }
      }
    }
    #expect(built.value == 1)
    #expect(seen.count == 1)
  }

  @Test("a scoped main-actor key resolved where no graph opens its scope is reported with the scope to open")
  func scopeNotOpen() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let graph = try Graph(modules: [])
      await MainActor.run { _ = graph[.flowPresenter] }
    }
    expectText(
      trapMessage(result),
      """
      Sheath: Keys.flowPresenter is scoped to .flow, but no graph from here to the root opens .flow
        Keys.flowPresenter (Presenter, App/Keys.swift:26)
      fix: resolve it from a graph made with graph.child(scope: .flow), or give it a lifetime that needs no scope
      """)
  }
}

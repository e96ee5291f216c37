import Sheath
import Testing

private protocol BookStoring: Sendable {
  func titles() async -> [String]
}
private actor BookStore: BookStoring {
  private static let openings = Counter()
  let opening: Int
  init() async {
    opening = BookStore.openings.increment()
  }
  func titles() -> [String] { ["Dune", "Emma"] }
}

private final class Formatter: Sendable {
  func format(_ titles: [String]) -> String { titles.joined(separator: ", ") }
}

@MainActor private protocol ReadingView: AnyObject {
  func show(_ text: String)
}

@MainActor private final class RecordingView: ReadingView {
  var shown: [String] = []
  func show(_ text: String) { shown.append(text) }
}

/// A main-actor view model that needs a flow's async-built store, through the graph.
@MainActor private final class ReadingViewModel {
  weak var view: (any ReadingView)?
  let store: AsyncProvider<any BookStoring>
  let formatter: Formatter
  init(view: any ReadingView, store: AsyncProvider<any BookStoring>, formatter: Formatter) {
    self.view = view
    self.store = store
    self.formatter = formatter
  }

  func load() async throws {
    let titles = try await store().titles()
    view?.show(formatter.format(titles))
  }
}

@MainActor private final class Navigator {
  let makeReading: MainActorAssistedFactory<any ReadingView, ReadingViewModel>
  init(makeReading: MainActorAssistedFactory<any ReadingView, ReadingViewModel>) {
    self.makeReading = makeReading
  }
}

@MainActor private final class Coordinator {
  let navigator: MainActorProvider<Navigator>
  init(navigator: MainActorProvider<Navigator>) { self.navigator = navigator }
}

extension Scope {
  fileprivate static let reading = Scope("reading")
}

extension Keys {
  fileprivate static var bookStore: AsyncKey<any BookStoring> { AsyncKey(.scoped(.reading)) { _ in await BookStore() } }
  fileprivate static var formatter: Key<Formatter> { Key(.singleton) { Formatter() } }
  fileprivate static var readingViewModel: MainActorAssistedKey<any ReadingView, ReadingViewModel> {
    MainActorAssistedKey(.bookStore.provider, .formatter) { view, store, formatter in
      ReadingViewModel(view: view, store: store, formatter: formatter)
    }
  }
  // Scoped to the reading flow, as the store its view models resolve later: a singleton's factory
  // would resolve them from the root graph, where no reading flow is open (a captive dependency).
  fileprivate static var navigator: MainActorKey<Navigator> {
    MainActorKey(.scoped(.reading), .readingViewModel.factory) {
      Navigator(makeReading: $0)
    }
  }
  fileprivate static var coordinator: MainActorKey<Coordinator> {
    MainActorKey(.transient, .navigator.provider) {
      Coordinator(navigator: $0)
    }
  }
}

@Suite("Declared dependencies: main-actor and async keys")
@MainActor
struct DeclaredIsolatedKeyTests {
  @Test("a main-actor view model depends on a flow's async-built data controller through the graph")
  func mainActorViewModelOnAsyncScopedStore() async throws {
    let graph = try Graph(modules: [TestModule { b in b.expose(.coordinator) }])
    let flow = graph.child(scope: .reading)
    let view = RecordingView()
    let viewModel = flow.make(.readingViewModel, view)
    try await viewModel.load()
    #expect(view.shown == ["Dune, Emma"])
    let first = try await flow[.bookStore] as? BookStore
    let again = try await viewModel.store() as? BookStore
    #expect(first === again, "the view model's provider resolves the flow's one store")
    let throughNavigator = flow[.navigator].makeReading(view)
    #expect(try await throughNavigator.store() as? BookStore === first, "the navigator's view models use it too")
  }

  @Test("main-actor keys declare nonisolated keys and providers, and the graph knows them all")
  func knownKeys() throws {
    let graph = try Graph(modules: [TestModule { b in b.expose(.coordinator) }])
    #expect(
      graph.knownKeys.map(\.name) == [
        "Keys.coordinator", "Keys.navigator.provider", "Keys.navigator", "Keys.readingViewModel.factory",
        "Keys.readingViewModel", "Keys.bookStore.provider", "Keys.formatter", "Keys.bookStore",
      ])
    #expect(graph.uncheckedKeys.map(\.name) == ["Keys.bookStore"])
    let flow = graph.child(scope: .reading)
    let coordinator = flow[.coordinator]
    #expect(coordinator.navigator() === flow[.navigator])
  }

  @Test("a module rebinds a main-actor key with its own dependencies")
  func rebindMainActor() throws {
    let other = Formatter()
    let graph = try Graph(modules: [
      TestModule { b in
        b.override(.formatter, .singleton) { other }
        b.override(.readingViewModel, .bookStore.provider, .formatter) { view, store, formatter in
          ReadingViewModel(view: view, store: store, formatter: formatter)
        }
      }
    ])
    #expect(graph.make(.readingViewModel, RecordingView()).formatter === other)
  }
}

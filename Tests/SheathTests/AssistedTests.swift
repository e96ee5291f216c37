import Sheath
import Testing

extension Keys {
  fileprivate static var data: Key<any DataControlling> {
    Key<any DataControlling> { _ in DataController(api: LiveAPIClient()) }
  }
  fileprivate static var viewModel: AssistedKey<any RegistrationView, RegistrationViewModel> {
    AssistedKey<any RegistrationView, RegistrationViewModel> { r, view in
      RegistrationViewModel(view: view, data: r[.data], validator: LengthValidator())
    }
  }
  fileprivate static var greeting: AssistedKey<(name: String, times: Int), String> {
    AssistedKey<(name: String, times: Int), String> { _, arguments in
      String(repeating: "hi \(arguments.name) ", count: arguments.times)
    }
  }
  fileprivate static var navigator: Key<Navigator> { Key<Navigator> { r in Navigator(makeViewModel: r[.viewModel]) } }
}

/// Makes a view model for each screen it shows, later: the reason to inject an assisted factory.
private struct Navigator: Sendable {
  let makeViewModel: AssistedFactory<any RegistrationView, RegistrationViewModel>

  func show(_ title: String) -> RegistrationViewModel {
    makeViewModel(TestView(title: title))
  }
}

@Suite("Assisted injection")
struct AssistedTests {
  @Test("the caller supplies the view, the graph the rest")
  func make() throws {
    let graph = try Graph(modules: [])
    let view = TestView(title: "sign up")
    let viewModel = graph.make(.viewModel, view)
    #expect(viewModel.view === view)
    #expect(viewModel.data.api.name == "live")
  }

  @Test("several arguments travel as a tuple")
  func tupleArguments() throws {
    #expect(try Graph(modules: []).make(.greeting, (name: "ada", times: 2)) == "hi ada hi ada ")
  }

  @Test("an injected assisted factory builds values later, from the graph it came from")
  func injectedFactory() throws {
    let graph = try Graph(modules: [TestModule { $0.bind(.data) { _ in DataController(api: FakeAPIClient()) } }])
    let navigator = graph[.navigator]
    let first = navigator.show("one")
    let second = navigator.show("two")
    #expect(first.view.title == "one")
    #expect(second.view.title == "two")
    #expect(first !== second)
    #expect(first.data.api.name == "fake")
  }

  @Test("a module can override an assisted key")
  func override() throws {
    let module = TestModule { b in
      b.override(.viewModel) { _, view in
        RegistrationViewModel(view: view, data: DataController(api: FakeAPIClient()), validator: AlwaysValid())
      }
    }
    let viewModel = try Graph(modules: [module])[.viewModel](TestView(title: ""))
    #expect(viewModel.validator is AlwaysValid)
  }
}

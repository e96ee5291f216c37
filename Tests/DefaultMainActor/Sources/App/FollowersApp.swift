import Sheath

// docs: dma-app
/// Where the app starts: one graph; a flow for each profile shown.
final class FollowersApp {
  let graph: Graph

  init(environment: AppEnvironment) throws {
    graph = try Graph(modules: [AppModule()], environment: environment)
  }

  /// Opens a flow: its screens share one data controller, released
  /// with the flow.
  func showProfile(_ login: String, in view: any ProfileView) async {
    let flow = graph.child(scope: .flow)
    let viewModel = flow.make(.profileViewModel, view)
    await viewModel.load(login)
  }

  /// Remembers a search: the history loads, once, the first time.
  func remember(_ login: String) async throws {
    try await graph[.searchHistory].add(login)
  }
}
// docs: end

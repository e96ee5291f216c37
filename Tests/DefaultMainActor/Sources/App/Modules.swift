import Sheath

// docs: dma-modules
/// The live GitHub API.
struct LiveAPIModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.userAPI, .apiBaseURL) { url in LiveUserAPI(baseURL: url) }
  }
}

/// Canned users, for `--mock`, previews and tests.
struct FakeAPIModule: Module {
  var users: [GitHubUser] = [.octocat]

  func register(into b: inout Bindings) {
    b.bind(.userAPI) { [users] in FakeUserAPI(users: users) }
  }
}

/// The whole app: the API its environment calls for, and the keys the
/// app resolves that nothing else names, so the graph checks them.
struct AppModule: Module {
  func register(into b: inout Bindings) {
    b.include(LiveAPIModule().only(in: .live))
    b.include(FakeAPIModule().only(in: .mock, .test, .preview))
    b.expose(.profileViewModel)
    b.expose(.searchHistory)
  }
}
// docs: end

import Sheath

// docs: dma-modules
/// The live GitHub API.
struct LiveAPIModule: Module {
  func register(into b: inout Bindings) {
    b.bind(.userAPI) { r in LiveUserAPI(baseURL: r[.apiBaseURL]) }
  }
}

/// Canned users, for `--mock`, previews and tests.
struct FakeAPIModule: Module {
  var users: [GitHubUser] = [.octocat]

  func register(into b: inout Bindings) {
    b.bind(.userAPI) { [users] _ in FakeUserAPI(users: users) }
  }
}

/// The whole app: the API its environment calls for.
struct AppModule: Module {
  func register(into b: inout Bindings) {
    b.include(LiveAPIModule().only(in: .live))
    b.include(FakeAPIModule().only(in: .mock, .test, .preview))
  }
}
// docs: end

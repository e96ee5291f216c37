import FollowersKit
import SheathTesting
import Testing

@Suite("The profile view model")
@MainActor
struct ProfileViewModelTests {
  private func flow(api: (any UserAPI)? = nil) throws -> Graph {
    try TestGraph(modules: [FollowersAppModule()]) { b in
      if let api { b.override(.userAPI) { _ in api } }
    }.graph.child(scope: .flow)
  }

  @Test("says it is loading, then shows the title and the formatter's lines, naming their first followers")
  func profile() async throws {
    let view = RecordingProfileView()
    #expect(await (try flow()).make(.profileViewModel, view).load("octocat") == .shown)
    #expect(
      view.shown == [
        "loading: Loading @octocat…", "The Octocat (@octocat)", "8 followers",
        "Followed by Alice, bob, Carol and 5 others",
      ])
  }

  @Test("a user with no name and no followers shows just the login")
  func bareProfile() async throws {
    let quiet = FakeUserAPI(users: [.init(user: GitHubUser(login: "quiet", name: nil, followers: 0), followers: [])])
    let view = RecordingProfileView()
    await (try flow(api: quiet)).make(.profileViewModel, view).load("quiet")
    #expect(view.screen == ["@quiet"])
  }

  @Test("an API failure is shown, not thrown, and its kind returned")
  func profileError() async throws {
    let view = RecordingProfileView()
    #expect(await (try flow()).make(.profileViewModel, view).load("nobody-here") == .failed(.notFound))
    #expect(view.screen == ["error: No GitHub user named 'nobody-here'."])
  }
}

import FollowersKit
import SheathTesting
import Testing

@Suite("View models")
@MainActor
struct ViewModelTests {
  // The seeds' point: with the validator behind a protocol, the registration view model needs two
  // tests — one per outcome — and the rules are tested once, on LoginValidator.
  @Test("a valid login is passed on")
  func validLogin() throws {
    let test = try TestGraph(modules: [FollowersAppModule()]) {
      $0.override(.loginValidator) { _ in StubValidator(answer: .valid(login: "octocat")) }
    }
    let view = RecordingRegistrationView()
    #expect(test.graph.make(.registrationViewModel, view).submit(" octocat ") == "octocat")
    #expect(view.reasons.isEmpty)
  }

  @Test("an invalid login is refused with the validator's reason")
  func invalidLogin() throws {
    let test = try TestGraph(modules: [FollowersAppModule()]) {
      $0.override(.loginValidator) { _ in StubValidator(answer: .invalid(reason: "No.")) }
    }
    let view = RecordingRegistrationView()
    #expect(test.graph.make(.registrationViewModel, view).submit("x") == nil)
    #expect(view.reasons == ["No."])
  }

  @Test("asking goes on until a valid login, or the end of input")
  func asking() async throws {
    let validator = LoginValidator()
    let test = try TestGraph(modules: [FollowersAppModule()]) { $0.override(.loginValidator) { _ in validator } }
    let view = RecordingRegistrationView(inputs: ["-bad", "octocat", "unused"])
    #expect(await test.graph.make(.registrationViewModel, view).run() == "octocat")
    #expect(view.reasons == ["A GitHub username cannot start with a hyphen."])
    let ending = RecordingRegistrationView(inputs: ["-bad"])
    #expect(await test.graph.make(.registrationViewModel, ending).run() == nil)
  }

  @Test("the profile shows the title and the presenter's lines")
  func profile() async throws {
    let flow = try TestGraph(modules: [FollowersAppModule()]).graph.child(scope: .flow)
    let view = RecordingProfileView()
    await flow.make(.profileViewModel, view).load("octocat")
    #expect(view.shown == ["The Octocat (@octocat)", "8 followers", "Followed by Alice, bob, Carol and 5 others"])
  }

  @Test("a user with no name and no followers shows just the login")
  func bareProfile() async throws {
    let flow = try TestGraph(modules: [FollowersAppModule()]) {
      $0.override(.userAPI) { _ in
        FakeUserAPI(users: [.init(user: GitHubUser(login: "quiet", name: nil, followers: 0), followers: [])])
      }
    }.graph.child(scope: .flow)
    let view = RecordingProfileView()
    await flow.make(.profileViewModel, view).load("quiet")
    #expect(view.shown == ["@quiet"])
  }

  @Test("an API failure is shown, not thrown")
  func profileError() async throws {
    let flow = try TestGraph(modules: [FollowersAppModule()]).graph.child(scope: .flow)
    let view = RecordingProfileView()
    let error = await flow.make(.profileViewModel, view).load("nobody-here")
    #expect(error != nil)
    #expect(view.shown == ["error: No GitHub user named 'nobody-here'."])
  }

  @Test("the followers screen lists the first page under its header")
  func followers() async throws {
    let flow = try TestGraph(modules: [FollowersAppModule()]).graph.child(scope: .flow)
    let view = RecordingFollowersView()
    await flow.make(.followersViewModel, view).load("popular-dev")
    #expect(view.shown.first == "Followers of @popular-dev (showing 100 of 1,234)")
    #expect(view.shown.count == 101)
  }
}

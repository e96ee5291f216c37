import FollowersKit
import SheathTesting
import Testing

@Suite("The flow")
@MainActor
struct FlowTests {
  @Test("one fetch of the user serves the profile and the followers screens of a flow")
  func sharedFetch() async throws {
    let api = CountingAPI()
    let graph = try TestGraph(modules: [FollowersAppModule()]) { $0.override(.userAPI) { _ in api } }.graph
    let flow = graph.child(scope: .flow)
    await flow.make(.profileViewModel, RecordingProfileView()).load("octocat")
    await flow.make(.followersViewModel, RecordingFollowersView()).load("octocat")
    #expect(await api.userCalls == 1)
    #expect(await api.followerCalls == 1)
    let nextFlow = graph.child(scope: .flow)
    await nextFlow.make(.profileViewModel, RecordingProfileView()).load("octocat")
    #expect(await api.userCalls == 2)
  }

  @Test("a failed load is not kept: the next screen tries again")
  func failureNotCached() async throws {
    let api = CountingAPI(failing: 1)
    let flow = try TestGraph(modules: [FollowersAppModule()]) { $0.override(.userAPI) { _ in api } }.graph
      .child(scope: .flow)
    let profile = RecordingProfileView()
    await flow.make(.profileViewModel, profile).load("octocat")
    let followers = RecordingFollowersView()
    await flow.make(.followersViewModel, followers).load("octocat")
    #expect(profile.shown == ["error: No GitHub user named 'octocat'."])
    #expect(followers.shown.first == "Followers of @octocat (showing 8 of 8)")
    #expect(await api.userCalls == 2)
  }

  @Test("the navigator moves from registration to profile to followers")
  func navigation() async throws {
    let flow = try TestGraph(modules: [FollowersAppModule()]).graph.child(scope: .flow)
    let screens = RecordingScreens(inputs: ["not--valid", "nameless"])
    #expect(await flow.make(.navigator, screens).start(login: nil) == .finished)
    #expect(screens.registration.reasons == ["A GitHub username cannot contain two hyphens in a row."])
    #expect(screens.profile.shown == ["@nameless", "2 followers", "Followed by lonely-dev and octocat"])
    #expect(screens.followers.shown == ["Followers of @nameless (showing 2 of 2)", "lonely-dev", "octocat"])
  }

  @Test(
    "the flow ends early, saying how",
    arguments: [
      (login: "-x", inputs: [String](), outcome: FlowOutcome.invalidLogin),
      (login: nil, inputs: [], outcome: .noLogin),
      (login: "ghost", inputs: [], outcome: .failed),
    ] as [(login: String?, inputs: [String], outcome: FlowOutcome)])
  func earlyEnds(login: String?, inputs: [String], outcome: FlowOutcome) async throws {
    let flow = try TestGraph(modules: [FollowersAppModule()]).graph.child(scope: .flow)
    let screens = RecordingScreens(inputs: inputs)
    #expect(await flow.make(.navigator, screens).start(login: login) == outcome)
    #expect(screens.followers.shown.isEmpty)
  }

  @Test("the sample's graph verifies in every environment", arguments: AppEnvironment.builtIn)
  func graphVerifies(environment: AppEnvironment) throws {
    let graph = try FollowersApp.graph(environment: environment, configuration: FollowersConfiguration())
    let report = try graph.verify(scopes: [.flow], entryPoints: FollowersApp.entryPoints)
    #expect(
      report.verifiedKeys == [
        "Keys.configuration", "Keys.userAPI", "Keys.followersData", "Keys.loginValidator", "Keys.followerPresenter",
      ])
    #expect(report.dependencies.map { "\($0.from) → \($0.to)" }.contains("Keys.followersData → Keys.userAPI"))
  }
}

import FollowersKit
import SheathTesting
import Testing

@Suite("The flow")
@MainActor
struct FlowTests {
  @Test("one fetch of the user and the first page serves the profile and the followers screens of a flow")
  func sharedFetch() async throws {
    let api = CountingAPI()
    let graph = try TestGraph(modules: [FollowersAppModule()]) { $0.override(.userAPI) { _ in api } }.graph
    let flow = graph.child(scope: .flow)
    await flow.make(.profileViewModel, RecordingProfileView()).load("octocat")
    await flow.make(.followersViewModel, RecordingFollowersView()).load(FollowersQuery(login: "OctoCat"))
    #expect(await api.userCalls == 1)
    #expect(await api.pageCalls == [1])
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
    await flow.make(.followersViewModel, followers).load(FollowersQuery(login: "octocat"))
    #expect(profile.screen == ["error: No GitHub user named 'octocat'."])
    #expect(followers.screen.first == "Followers of @octocat (showing 1–8 of 8)")
    #expect(await api.userCalls == 2)
  }

  @Test("the data controller sorts each page by login, with the domain's rule")
  func sortsPages() async throws {
    let data = FollowersDataController(api: FakeUserAPI(), pageSize: 4)
    let page = await data.loadUser("octocat", followersPage: 2) { try? $0.get().page }
    #expect(page?.followers.map(\.login) == ["Carol", "dave42", "Eve", "trent"])
  }

  @Test("the navigator moves from registration to profile to followers")
  func navigation() async throws {
    let graph = try TestGraph(modules: [FollowersAppModule()]).graph
    let screens = RecordingScreens(inputs: ["not--valid", "nameless"])
    #expect(await graph.make(.navigator, screens).start(login: nil, page: 1) == .finished)
    #expect(screens.registration.reasons == ["A GitHub username cannot contain two hyphens in a row."])
    #expect(screens.profile.screen == ["@nameless", "2 followers", "Followed by lonely-dev and octocat"])
    #expect(screens.followers.screen == ["Followers of @nameless (showing 1–2 of 2)", "lonely-dev", "octocat"])
  }

  @Test(
    "the flow ends early, saying how",
    arguments: [
      (login: "-x", inputs: [String](), outcome: FlowOutcome.invalidLogin),
      (login: nil, inputs: [], outcome: .noLogin),
      (login: "ghost", inputs: [], outcome: .failed(.notFound)),
    ] as [(login: String?, inputs: [String], outcome: FlowOutcome)])
  func earlyEnds(login: String?, inputs: [String], outcome: FlowOutcome) async throws {
    let graph = try TestGraph(modules: [FollowersAppModule()]).graph
    let screens = RecordingScreens(inputs: inputs)
    #expect(await graph.make(.navigator, screens).start(login: login, page: 1) == outcome)
    #expect(screens.followers.shown.isEmpty)
  }

  @Test("the navigator opens a flow for each run, through the one closure it is given")
  func opensFlows() async throws {
    let graph = try TestGraph(modules: [FollowersAppModule()]).graph
    var opened = 0
    let navigator = FollowersNavigator(screens: RecordingScreens()) {
      opened += 1
      return graph.child(scope: .flow)[.followersFlow]
    }
    #expect(await navigator.start(login: "solo-dev", page: 1) == .finished)
    #expect(await navigator.start(login: "solo-dev", page: 2) == .finished)
    #expect(opened == 2)
  }

  @Test("the sample's whole graph verifies in every environment, every key and edge", arguments: AppEnvironment.builtIn)
  func graphVerifies(environment: AppEnvironment) async throws {
    let graph = try FollowersApp.graph(environment: environment, configuration: FollowersConfiguration())
    let report = try await FollowersApp.verify(graph)
    #expect(report.skipped == [])
    #expect(
      Set(report.verifiedKeys)
        == [
          "Keys.configuration", "Keys.userAPI", "Keys.navigator", "Keys.followersFlow", "Keys.flowGraph",
          "Keys.registrationViewModel", "Keys.profileViewModel", "Keys.followersViewModel",
          "Keys.followersDataSource",
        ])
    let live: Set<String> =
      environment == .live
      ? [
        "Keys.userAPI → Keys.configuration", "Keys.userAPI → Keys.apiConnection",
        "Keys.apiConnection → Keys.configuration",
        "Keys.userAPI → Keys.apiParser", "Keys.apiParser → Keys.configuration",
      ] : []
    #expect(
      Set(report.dependencies.map { "\($0.from) → \($0.to)" })
        == live.union([
          "Keys.navigator → Keys.flowGraph", "Keys.registrationViewModel → Keys.loginValidator",
          "Keys.profileViewModel → Keys.followersData", "Keys.profileViewModel → Keys.profilePresenter",
          "Keys.followersData → Keys.userAPI", "Keys.followersData → Keys.configuration",
          "Keys.followersViewModel → Keys.followersListPresenter", "Keys.followersDataSource → Keys.followersData",
        ]))
    #expect(
      Set(report.deferredDependencies.map { "\($0.from) → \($0.to)" }) == [
        "Keys.followersFlow → Keys.registrationViewModel", "Keys.followersFlow → Keys.profileViewModel",
        "Keys.followersFlow → Keys.followersViewModel", "Keys.followersViewModel → Keys.followersDataSource",
      ])
  }
}

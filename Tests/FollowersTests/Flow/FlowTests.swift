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

  /// A user whose followers the API lists out of login order.
  private nonisolated static let unsorted = FakeUserAPI.CannedUser(
    user: GitHubUser(login: "mixed", name: nil, followers: 5),
    followers: ["zed", "Amy", "bo", "Cy", "dee"].map(Follower.init(login:)))

  @Test("the data controller keeps the API's order: a page is the API's page, as it came")
  func keepsTheAPIsOrder() async throws {
    let data = FollowersDataController(api: FakeUserAPI(users: [Self.unsorted]), pageSize: 2)
    let page = await data.loadUser("mixed", followersPage: 2) { try? $0.get().page }
    #expect(page?.followers.map(\.login) == ["bo", "Cy"])
  }

  @Test(
    "whatever the page size, the profile names the same first followers and the list reads in one order",
    arguments: 1...6)
  func pageSizeIndependence(pageSize: Int) async throws {
    let configuration = FollowersConfiguration(pageSize: pageSize)
    let graph = try TestGraph(modules: [FollowersAppModule(configuration: configuration)]) {
      $0.override(.userAPI) { _ in FakeUserAPI(users: [Self.unsorted]) }
    }.graph
    let screens = RecordingScreens(answers: Array(repeating: true, count: 5))
    #expect(await graph.make(.navigator, screens).start(login: "mixed", page: 1) == .finished)
    #expect(screens.profile.screen == ["@mixed", "5 followers", "Followed by zed, Amy, bo and 2 others"])
    #expect(screens.followers.screen.filter { !$0.hasPrefix("Followers of") } == ["zed", "Amy", "bo", "Cy", "dee"])
  }

  @Test("with pages smaller than the names it needs, the profile reads the first pages, which the list then reuses")
  func smallPages() async throws {
    let api = CountingAPI(users: [Self.unsorted])
    let configuration = FollowersConfiguration(pageSize: 1)
    let flow = try TestGraph(modules: [FollowersAppModule(configuration: configuration)]) {
      $0.override(.userAPI) { _ in api }
    }.graph.child(scope: .flow)
    await flow.make(.profileViewModel, RecordingProfileView()).load("mixed")
    #expect(await api.pageCalls == [1, 2, 3])
    let followers = RecordingFollowersView(answers: [true, true, true])
    await flow.make(.followersViewModel, followers).load(FollowersQuery(login: "mixed"))
    #expect(followers.screen.filter { !$0.hasPrefix("Followers of") } == ["zed", "Amy", "bo", "Cy"])
    #expect(await api.pageCalls == [1, 2, 3, 4])
    #expect(await api.userCalls == 1)
  }

  @Test("a page that fails while the profile gathers its followers is not kept: the next screen tries again")
  func failedFirstFollowers() async throws {
    let api = CountingAPI(users: [Self.unsorted], failingPages: [2])
    let flow = try TestGraph(modules: [FollowersAppModule(configuration: FollowersConfiguration(pageSize: 2))]) {
      $0.override(.userAPI) { _ in api }
    }.graph.child(scope: .flow)
    let profile = RecordingProfileView()
    #expect(await flow.make(.profileViewModel, profile).load("mixed") == .failed(.notFound))
    #expect(profile.screen == ["error: No GitHub user named 'mixed'."])
    let retried = RecordingProfileView()
    #expect(await flow.make(.profileViewModel, retried).load("mixed") == .shown)
    #expect(retried.screen == ["@mixed", "5 followers", "Followed by zed, Amy, bo and 2 others"])
    #expect(await api.pageCalls == [1, 2, 2])
  }

  @Test("a server whose empty pages keep naming a next one does not keep the profile asking", .timeLimit(.minutes(1)))
  func endlessEmptyPages() async throws {
    let flow = try TestGraph(modules: [FollowersAppModule()]) {
      $0.override(.userAPI) { _ in EndlessPagesAPI() }
    }.graph.child(scope: .flow)
    let profile = RecordingProfileView()
    #expect(await flow.make(.profileViewModel, profile).load("endless") == .shown)
    #expect(profile.screen == ["@endless", "3 followers"])
  }

  @Test("the navigator moves from registration to profile to followers")
  func navigation() async throws {
    let graph = try TestGraph(modules: [FollowersAppModule()]).graph
    let screens = RecordingScreens(inputs: ["not--valid", "nameless"])
    #expect(await graph.make(.navigator, screens).start(login: nil, page: 1) == .finished)
    #expect(screens.registration.reasons == ["A GitHub username cannot contain two hyphens in a row."])
    #expect(screens.profile.screen == ["@nameless", "2 followers", "Followed by octocat and lonely-dev"])
    #expect(screens.followers.screen == ["Followers of @nameless (showing 1–2 of 2)", "octocat", "lonely-dev"])
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
  func graphVerifies(environment: AppEnvironment) throws {
    let graph = try FollowersApp.graph(environment: environment, configuration: FollowersConfiguration())
    let report = try graph.verify()
    #expect(report.unchecked == [])
    #expect(report.openedScopes == [".flow"])
    #expect(report.childGraphs == ["Keys.flowGraph"])
    let liveKeys: Set<String> = environment == .live ? ["Keys.apiConnection", "Keys.apiParser"] : []
    #expect(
      Set(report.verifiedKeys)
        == liveKeys.union([
          "Keys.configuration", "Keys.userAPI", "Keys.navigator", "Keys.followersFlow", "Keys.flowGraph",
          "Keys.registrationViewModel", "Keys.profileViewModel", "Keys.followersViewModel",
          "Keys.followersPager", "Keys.followersData", "Keys.loginValidator", "Keys.profileFormatter",
          "Keys.followersListFormatter", "Keys.registrationViewModel.factory", "Keys.profileViewModel.factory",
          "Keys.followersViewModel.factory", "Keys.followersPager.factory",
        ]))
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
          "Keys.profileViewModel → Keys.followersData", "Keys.profileViewModel → Keys.profileFormatter",
          "Keys.followersData → Keys.userAPI", "Keys.followersData → Keys.configuration",
          "Keys.followersViewModel → Keys.followersListFormatter", "Keys.followersPager → Keys.followersData",
          "Keys.followersFlow → Keys.registrationViewModel.factory",
          "Keys.followersFlow → Keys.profileViewModel.factory",
          "Keys.followersFlow → Keys.followersViewModel.factory",
          "Keys.followersViewModel → Keys.followersPager.factory",
        ]))
    // Each assisted factory the flow and the followers screen declare resolves its key when called.
    #expect(
      Set(report.deferredDependencies.map { "\($0.from) → \($0.to)" }) == [
        "Keys.registrationViewModel.factory → Keys.registrationViewModel",
        "Keys.profileViewModel.factory → Keys.profileViewModel",
        "Keys.followersViewModel.factory → Keys.followersViewModel",
        "Keys.followersPager.factory → Keys.followersPager",
      ])
  }
}

/// An API whose every page of followers is empty but names a next one, as a broken server might.
private struct EndlessPagesAPI: UserAPI {
  func user(_ login: String) async throws -> GitHubUser {
    GitHubUser(login: login, name: nil, followers: 3)
  }

  func followers(of login: String, page: PageRequest) async throws -> FollowersPage {
    FollowersPage(request: page, followers: [], nextPage: page.number + 1)
  }
}

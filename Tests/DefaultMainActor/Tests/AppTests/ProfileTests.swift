import Foundation
import SheathTesting
import Testing

@testable import App

// docs: dma-test
/// The view, as the tests see it: what it was told to show.
final class RecordingProfileView: ProfileView {
  private(set) var lines: [String] = []

  func show(name: String, followers: String) {
    lines += [name, followers]
  }

  func show(error: String) {
    lines.append(error)
  }
}

@Test(
  .graph(modules: [AppModule()]) {
    $0.override(.userAPI) { FakeUserAPI(users: [.octocat]) }
  })
func showsTheProfile() async throws {
  let graph = try #require(Graph.current)
  let view = RecordingProfileView()
  let viewModel = graph.child(scope: .flow).make(.profileViewModel, view)
  await viewModel.load("octocat")
  #expect(view.lines == ["The Octocat", "8 followers"])
}
// docs: end

@Suite("A default-MainActor app, wired as the docs show")
struct DefaultMainActorAppTests {
  @Test("the test environment installs the fake API, and an unknown login is an error the view shows")
  func fakeAPI() async throws {
    let app = try FollowersApp(environment: .test)
    let view = RecordingProfileView()
    await app.showProfile("nobody", in: view)
    #expect(view.lines == ["No user named nobody"])
  }

  @Test("the screens of one flow share its data controller; another flow has its own")
  func flowScope() throws {
    let graph = try Graph(modules: [AppModule()], environment: .mock)
    let flow = graph.child(scope: .flow)
    let other = graph.child(scope: .flow)
    #expect(flow[.followersData] as AnyObject === flow[.followersData] as AnyObject)
    #expect(flow[.followersData] as AnyObject !== other[.followersData] as AnyObject)
  }

  @Test("the API client is one instance for the app, built off the main actor")
  func singletonClient() async throws {
    let graph = try Graph(modules: [AppModule()])
    let fromHere = graph[.userAPI]
    let fromElsewhere = await Task.detached { graph[.userAPI] }.value
    #expect(fromHere is LiveUserAPI)
    #expect(fromHere as AnyObject === fromElsewhere as AnyObject)
  }

  @Test("Graph(modules:) builds off the main actor: the modules' conformances are not isolated")
  func buildsOffTheMainActor() async throws {
    let graph = try await Task.detached { try Graph(modules: [AppModule()], environment: .mock) }.value
    #expect(graph[.userAPI] is FakeUserAPI)
  }

  @Test("verify() finds nothing wrong")
  func verify() throws {
    try Graph(modules: [AppModule()], environment: .mock).verify(scopes: [.flow])
  }
}

@Test(
  "the async key is built once for every task that asks, with try await",
  .graph(modules: [AppModule()]) {
    $0.override(.historyFile, .singleton) { _ in
      FileManager.default.temporaryDirectory.appendingPathComponent("searches-\(UUID()).json")
    }
  })
func searchHistory() async throws {
  let graph = try #require(Graph.current)
  defer { try? FileManager.default.removeItem(at: graph[.historyFile]) }
  async let first = graph[.searchHistory]
  async let second = graph[.searchHistory]
  #expect(try await first === second)
  try await graph[.searchHistory].add("octocat")
  #expect(try await SearchHistory.load(from: graph[.historyFile]).logins == ["octocat"])
}

import Foundation
import SheathTesting
import Testing

@testable import App

// What other libraries' users reach for, written as a default-MainActor test target writes it: each
// compiles and reads as it does in a nonisolated module.

nonisolated extension Keys {
  static var launchSteps: CollectionKey<String> { CollectionKey<String>() }
}

/// Contributes the app's launch steps, several at once.
struct LaunchStepsModule: Module {
  func register(into b: inout Bindings) {
    b.contribute(to: .launchSteps) { _ in "open database" }
    b.contributeElements(to: .launchSteps) { _ in ["warm cache", "register"] }
  }
}

@Suite("What peers' users reach for, in a default-MainActor target")
struct PeersAPITests {
  @Test("providers and lazy values made from closures, with no graph")
  func closures() async throws {
    let user = Provider { GitHubUser(login: "octocat", followers: 8) }
    #expect(user().login == "octocat")
    let lazy = Lazy { GitHubUser(login: "octocat", followers: 8) }
    #expect(lazy.value.followers == 8)
    let view = MainActorProvider { RecordingProfileView() }
    #expect(view() !== view())
    let loaded = AsyncProvider { try await FakeUserAPI(users: [.octocat]).user("octocat") }
    #expect(try await loaded().followers == 8)
  }

  @Test("several elements contributed at once")
  func elements() throws {
    let graph = try Graph(modules: [LaunchStepsModule()])
    #expect(graph[.launchSteps] == ["open database", "warm cache", "register"])
  }
}

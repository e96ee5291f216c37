import FollowersKit
import Sheath
import Testing

/// Every key of the sample declares its edges, so building its graph checks all of them.
@Suite("The sample's graph")
struct SampleGraphTests {
  /// Every key the sample declares, and the assisted factories its keys depend on.
  static let sampleKeys: Set<String> = [
    "Keys.configuration", "Keys.userAPI", "Keys.loginValidator", "Keys.profileFormatter",
    "Keys.followersListFormatter", "Keys.followersData", "Keys.registrationViewModel", "Keys.profileViewModel",
    "Keys.followersPager", "Keys.followersViewModel", "Keys.flowGraph", "Keys.followersFlow",
    "Keys.navigator", "Keys.registrationViewModel.factory", "Keys.profileViewModel.factory",
    "Keys.followersViewModel.factory", "Keys.followersPager.factory",
  ]

  /// The live API's parts, which only the live API needs.
  static let liveAPIKeys: Set<String> = ["Keys.apiConnection", "Keys.apiParser"]

  @Test(
    "building the graph knows every key of the sample, and every one declared its dependencies",
    arguments: [AppEnvironment.live, .mock])
  func knowsEveryKey(environment: AppEnvironment) throws {
    let graph = try FollowersApp.graph(environment: environment, configuration: FollowersConfiguration())
    // The fake API needs neither the connection nor the parser: the mock graph does not reach them.
    let expected = environment == .live ? Self.sampleKeys.union(Self.liveAPIKeys) : Self.sampleKeys
    #expect(Set(graph.knownKeys.map(\.name)) == expected)
    #expect(graph.uncheckedKeys.isEmpty)
  }
}

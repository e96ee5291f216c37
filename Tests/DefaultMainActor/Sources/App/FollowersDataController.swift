// docs: dma-data-controller
/// The flow's data: each user fetched once, shared by the flow's screens.
nonisolated protocol FollowersDataControlling: Sendable {
  func user(_ login: String) async throws -> GitHubUser
}

actor FollowersDataController: FollowersDataControlling {
  private let api: any UserAPI
  private var users: [String: GitHubUser] = [:]

  init(api: any UserAPI) {
    self.api = api
  }

  func user(_ login: String) async throws -> GitHubUser {
    if let user = users[login] { return user }
    let user = try await api.user(login)
    users[login] = user
    return user
  }
}
// docs: end

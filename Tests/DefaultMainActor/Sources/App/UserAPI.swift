import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// docs: dma-api
/// A GitHub user, as the API returns it.
///
/// `nonisolated`: decoded off the main actor.
nonisolated struct GitHubUser: Codable, Equatable, Sendable {
  var login: String
  var name: String?
  var followers: Int
}

/// The GitHub API.
///
/// `nonisolated`: in a default-MainActor module, a plain protocol is a
/// main-actor protocol, and so is every type that conforms to it.
nonisolated protocol UserAPI: Sendable {
  func user(_ login: String) async throws -> GitHubUser
}

/// The live API: one client for the whole app (a `.singleton`).
final class LiveUserAPI: UserAPI {
  private let baseURL: String
  private let session: URLSession

  init(baseURL: String, session: URLSession = .shared) {
    self.baseURL = baseURL
    self.session = session
  }

  func user(_ login: String) async throws -> GitHubUser {
    guard let url = URL(string: "\(baseURL)/users/\(login)") else {
      throw URLError(.badURL)
    }
    let (data, _) = try await session.data(from: url)
    return try JSONDecoder().decode(GitHubUser.self, from: data)
  }
}
// docs: end

/// A fake API with canned users, for `--mock`, previews and tests.
struct FakeUserAPI: UserAPI {
  var users: [GitHubUser]

  func user(_ login: String) async throws -> GitHubUser {
    guard let user = users.first(where: { $0.login == login }) else {
      throw URLError(.fileDoesNotExist)
    }
    return user
  }
}

nonisolated extension GitHubUser {
  /// A user the fake API knows.
  static let octocat = GitHubUser(login: "octocat", name: "The Octocat", followers: 8)
}

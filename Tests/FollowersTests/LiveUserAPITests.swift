import FollowersKit
import Foundation
import Testing

@Suite("LiveUserAPI over loopback HTTP")
struct LiveUserAPITests {
  @Test("decodes a full GitHub user payload, ignoring extra fields")
  func decodesUser() async throws {
    try await withStubServer { server in
      let api = LiveUserAPI(baseURL: server.baseURL, timeout: 5)
      let user = try await api.user("octocat")
      #expect(user == GitHubUser(login: "octocat", name: "The Octocat", followers: 3))
      #expect(try await api.user("nameless") == GitHubUser(login: "nameless", name: nil, followers: 0))
    }
  }

  @Test("decodes the followers page, asking for per_page=100")
  func decodesFollowers() async throws {
    try await withStubServer { server in
      let api = LiveUserAPI(baseURL: server.baseURL, timeout: 5)
      let followers = try await api.followers(of: "octocat")
      #expect(followers.map(\.login) == ["zoe-dev", "Alice", "bob"])
      #expect(try await api.followers(of: "nameless").isEmpty)
    }
  }

  @Test("sends the GitHub Accept header and keeps the base URL's path")
  func requestShape() async throws {
    try await withStubServer { server in
      let api = LiveUserAPI(baseURL: server.baseURL(path: "/api/v3/"), timeout: 5)
      let user = try await api.user("echo-request")
      #expect(user.name == "/api/v3/users/echo-request accept=application/vnd.github+json")
      let followers = try await api.followers(of: "echo-request")
      #expect(followers == [Follower(login: "/api/v3/users/echo-request/followers?per_page=100")])
    }
  }

  @Test("percent-escapes the login so it stays one path segment")
  func escapesLogin() async throws {
    try await withStubServer { server in
      let api = LiveUserAPI(baseURL: server.baseURL, timeout: 5)
      let user = try await api.user("echo-request/../x y?z#é")
      #expect(user.name == "/users/echo-request%2F%2E%2E%2Fx%20y%3Fz%23%C3%A9 "
        + "accept=application/vnd.github+json")
    }
  }

  @Test("sends Authorization: Bearer only when a token is given", arguments: [
    ("s3cr3t-token", "Bearer s3cr3t-token"),
    ("  padded-token\n", "Bearer padded-token"),
    (nil, nil),
    ("", nil),
    ("   ", nil),
  ] as [(String?, String?)])
  func authorizationHeader(token: String?, expected: String?) async throws {
    try await withStubServer { server in
      let api = LiveUserAPI(baseURL: server.baseURL, timeout: 5, token: token)
      let user = try await api.user("echo-auth")
      #expect(user.name == expected)
    }
  }

  @Test("never reveals the token in descriptions, mirrors or errors")
  func tokenStaysSecret() async throws {
    let token = "ghp_doNotLeakThisToken123"
    try await withStubServer { server in
      let api = LiveUserAPI(baseURL: server.baseURL, timeout: 5, token: token)
      var dumped = ""
      dump(api, to: &dumped)
      #expect(!dumped.contains(token))
      #expect(dumped.contains("hasToken: true"))
      #expect(!String(describing: api).contains(token))
      #expect(String(describing: api)
        == "LiveUserAPI(baseURL: \(server.baseURL), timeout: 5 seconds, token: <redacted>)")
      for login in ["rate-limited", "bad-credentials", "server-error", "slow-not-really"] {
        let error = try await apiError { try await api.user(login) }
        #expect(!error.description.contains(token))
      }
      let echoed = try await apiError {
        try await api.user("bad-credentials")
      }
      #expect(echoed.description == "GitHub rejected the token (HTTP 401): "
        + "\"Bad credentials (got Bearer <redacted>)\". "
        + "Check GITHUB_TOKEN, or use --mock to run offline.")
      #expect(echoed.kind == .unauthorized)
    }
  }

  @Test("describes itself without a token when none is set")
  func descriptionWithoutToken() throws {
    let base = try #require(URL(string: "https://api.github.com"))
    let api = LiveUserAPI(baseURL: base, timeout: 2.5)
    #expect(String(describing: api)
      == "LiveUserAPI(baseURL: https://api.github.com, timeout: 2.5 seconds, token: none)")
    #expect(LiveUserAPI.gitHubBaseURL == base)
  }
}

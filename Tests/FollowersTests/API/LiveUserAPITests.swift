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

  @Test("decodes the first page of followers, asking for per_page=100&page=1")
  func decodesFollowers() async throws {
    try await withStubServer { server in
      let api = LiveUserAPI(baseURL: server.baseURL, timeout: 5)
      let followers = try await api.followers(of: "octocat", page: PageRequest()).followers
      #expect(followers.map(\.login) == ["zoe-dev", "Alice", "bob"])
      #expect(try await api.followers(of: "nameless", page: PageRequest()).followers.isEmpty)
    }
  }

  @Test("sends the GitHub Accept header and keeps the base URL's path")
  func requestShape() async throws {
    try await withStubServer { server in
      let api = LiveUserAPI(baseURL: server.baseURL(path: "/api/v3/"), timeout: 5)
      let user = try await api.user("echo-request")
      #expect(user.name == "/api/v3/users/echo-request accept=application/vnd.github+json")
      let followers = try await api.followers(of: "echo-request", page: PageRequest()).followers
      #expect(followers == [Follower(login: "/api/v3/users/echo-request/followers?per_page=100&page=1")])
    }
  }

  @Test("percent-escapes the login so it stays one path segment")
  func escapesLogin() async throws {
    try await withStubServer { server in
      let api = LiveUserAPI(baseURL: server.baseURL, timeout: 5)
      let user = try await api.user("echo-request/../x y?z#é")
      #expect(
        user.name == "/users/echo-request%2F%2E%2E%2Fx%20y%3Fz%23%C3%A9 "
          + "accept=application/vnd.github+json")
    }
  }

  @Test(
    "sends Authorization: Bearer only when a token is given",
    arguments: [
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
      #expect(dumped.contains("sendsToken: true"))
      #expect(!String(describing: api).contains(token))
      #expect(
        String(describing: api)
          == "LiveUserAPI(baseURL: \(server.baseURL), connection: URLSessionConnection(timeout: 5 seconds, "
          + "TokenPolicy(origin: http://127.0.0.1:\(server.port), token: <redacted>)))")
      for login in ["rate-limited", "bad-credentials", "server-error", "teapot", "nobody-here"] {
        let error = try await apiError { try await api.user(login) }
        #expect(!error.description.contains(token))
      }
      let echoed = try await apiError {
        try await api.user("bad-credentials")
      }
      #expect(
        echoed.description == "GitHub rejected the token (HTTP 401): "
          + "\"Bad credentials (got Bearer <redacted>)\". "
          + "Check GITHUB_TOKEN, or use --mock to run offline.")
      #expect(echoed.kind == .unauthorized)
    }
  }

  @Test("a user name and password in the base URL stay out of messages")
  func baseURLCredentialsStaySecret() async throws {
    try await withStubServer { server in
      let base = try #require(URL(string: "http://me:hunter2@127.0.0.1:\(server.port)"))
      let api = LiveUserAPI(baseURL: base, timeout: 5)
      let error = try await apiError { try await api.user("server-error") }
      #expect(
        error.description == "Server error (HTTP 500) from \(server.baseURL)/users/server-error. "
          + "Try again later, or use --mock to run offline.")
      #expect(!String(describing: api).contains("hunter2"))
    }
  }

  @Test("an empty login is not found without a request; line breaks stay out of the message")
  func oddLogins() async throws {
    // Port 9 (discard) is never contacted: an empty login fails before any request.
    let offline = LiveUserAPI(baseURL: try #require(URL(string: "http://127.0.0.1:9")), timeout: 1)
    let empty = try await apiError { try await offline.user("") }
    #expect(empty.description == "No GitHub user named ''.")
    try await withStubServer { server in
      let api = LiveUserAPI(baseURL: server.baseURL, timeout: 5)
      let error = try await apiError { try await api.user("two\nlines") }
      #expect(error == .notFound(login: "two\nlines"))
      #expect(error.description == "No GitHub user named 'two lines'.")
    }
  }

  // The stub answers after ten minutes and the client waits up to 600 seconds: only cancelling ends
  // the request, and the time limit catches a request that goes on.
  @Test("cancelling the calling task cancels the request", .timeLimit(.minutes(1)))
  func cancellation() async throws {
    try await withStubServer(slowSeconds: 600) { server in
      let api = LiveUserAPI(baseURL: server.baseURL, timeout: 600)
      let request = Task { try await api.user("slow") }
      await server.server.requestsArrived(1)
      request.cancel()
      await #expect(throws: CancellationError.self) { try await request.value }
    }
  }

  @Test("pages by page and per_page, reading the next and last pages from the Link header")
  func pages() async throws {
    try await withStubServer { server in
      let api = LiveUserAPI(baseURL: server.baseURL, timeout: 5)
      let first = try await api.followers(of: "paged", page: PageRequest(number: 1, size: 2))
      #expect(
        first
          == FollowersPage(
            request: PageRequest(number: 1, size: 2), followers: [.init(login: "eve"), .init(login: "Dave")],
            nextPage: 2, lastPage: 3))
      let last = try await api.followers(of: "paged", page: PageRequest(number: 3, size: 2))
      #expect(last == FollowersPage(request: PageRequest(number: 3, size: 2), followers: [.init(login: "alice")]))
      #expect(
        server.requests.map(\.target) == [
          "/users/paged/followers?per_page=2&page=1", "/users/paged/followers?per_page=2&page=3",
        ])
    }
  }

  @Test("describes itself without a token when none is set")
  func descriptionWithoutToken() throws {
    let base = try #require(URL(string: "https://api.github.com"))
    let api = LiveUserAPI(baseURL: base, timeout: 2.5)
    #expect(
      String(describing: api)
        == "LiveUserAPI(baseURL: https://api.github.com, connection: URLSessionConnection(timeout: 2.5 seconds, "
        + "TokenPolicy(origin: https://api.github.com:443, token: none)))")
    #expect(LiveUserAPI.gitHubBaseURL == base)
  }
}

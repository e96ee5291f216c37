import FollowersKit
import Foundation
import Testing

/// One failing request and the exact error it must produce. `{base}` stands for the stub's base URL.
struct ErrorCase: Sendable, CustomTestStringConvertible {
  let login: String
  var followers = false
  let kind: UserAPIError.Kind
  var status: Int?
  let message: String

  var testDescription: String {
    followers ? "\(login) followers" : login
  }
}

@Suite("LiveUserAPI errors")
struct LiveUserAPIErrorTests {
  static let rateLimitMessage = StubGitHub.rateLimitMessage

  static let cases: [ErrorCase] = [
    ErrorCase(
      login: "nobody-here", kind: .notFound, status: 404,
      message: "No GitHub user named 'nobody-here'."),
    ErrorCase(
      login: "nobody-here", followers: true, kind: .notFound, status: 404,
      message: "No GitHub user named 'nobody-here'."),
    ErrorCase(
      login: "rate-limited", kind: .rateLimited, status: 403,
      message: "GitHub API rate limit hit (HTTP 403): \"\(rateLimitMessage)\". "
        + "Set GITHUB_TOKEN for a higher limit, or use --mock to run offline."),
    ErrorCase(
      login: "too-many", kind: .rateLimited, status: 429,
      message: "GitHub API rate limit hit (HTTP 429). "
        + "Set GITHUB_TOKEN for a higher limit, or use --mock to run offline."),
    ErrorCase(
      login: "bad-credentials", kind: .unauthorized, status: 401,
      message: "GitHub rejected the token (HTTP 401): \"Bad credentials (got None)\". "
        + "Check GITHUB_TOKEN, or use --mock to run offline."),
    ErrorCase(
      login: "escaped-error", kind: .unexpectedStatus, status: 418,
      message: "Unexpected HTTP 418 from {base}/users/escaped-error: \"\u{1B}[2Jcleared \u{9B}31m\"."),
    ErrorCase(
      login: "forbidden", kind: .unexpectedStatus, status: 403,
      message: "Unexpected HTTP 403 from {base}/users/forbidden: \"Forbidden\"."),
    ErrorCase(
      login: "teapot", kind: .unexpectedStatus, status: 418,
      message: "Unexpected HTTP 418 from {base}/users/teapot: \"I'm a teapot\"."),
    ErrorCase(
      login: "server-error", kind: .serverError, status: 500,
      message: "Server error (HTTP 500) from {base}/users/server-error. "
        + "Try again later, or use --mock to run offline."),
    ErrorCase(
      login: "server-error", followers: true, kind: .serverError, status: 500,
      message: "Server error (HTTP 500) from {base}/users/server-error/followers?per_page=100&page=1. "
        + "Try again later, or use --mock to run offline."),
    ErrorCase(
      login: "malformed", kind: .malformedResponse,
      message: "Malformed response from {base}/users/malformed: "
        + "the body is not valid JSON. Use --mock to run offline."),
    ErrorCase(
      login: "missing-field", kind: .malformedResponse,
      message: "Malformed response from {base}/users/missing-field: "
        + "missing field 'followers'. Use --mock to run offline."),
    ErrorCase(
      login: "wrong-type", kind: .malformedResponse,
      message: "Malformed response from {base}/users/wrong-type: "
        + "field 'followers' should be a number. Use --mock to run offline."),
    ErrorCase(
      login: "empty-body", kind: .malformedResponse,
      message: "Malformed response from {base}/users/empty-body: "
        + "the body is empty. Use --mock to run offline."),
    ErrorCase(
      login: "bad-followers", followers: true, kind: .malformedResponse,
      message: "Malformed response from {base}/users/bad-followers/followers?per_page=100&page=1: "
        + "missing field '[1].login'. Use --mock to run offline."),
    ErrorCase(
      login: "not-a-list", followers: true, kind: .malformedResponse,
      message: "Malformed response from {base}/users/not-a-list/followers?per_page=100&page=1: "
        + "the body should be an array. Use --mock to run offline."),
  ]

  @Test("maps each failing response to one exact line", arguments: cases)
  func mapsFailures(_ failure: ErrorCase) async throws {
    try await withStubServer { server in
      let api = LiveUserAPI(baseURL: server.baseURL, timeout: 5)
      let error = try await apiError {
        if failure.followers {
          _ = try await api.followers(of: failure.login, page: PageRequest())
        } else {
          _ = try await api.user(failure.login)
        }
      }
      let expected = failure.message.replacingOccurrences(of: "{base}", with: "\(server.baseURL)")
      #expect(error.description == expected)
      #expect(error.message == expected)
      #expect(error.localizedDescription == expected)
      #expect(!error.description.contains("\n"))
      #expect(error.kind == failure.kind)
      #expect(error.statusCode == failure.status)
      #expect(error.isNotFound == (failure.kind == .notFound))
    }
  }

  // The stub answers after ten minutes: a timed-out error is the client giving up, and the time
  // limit catches a client that waits instead.
  @Test("a response slower than the timeout names the URL and the timeout", .timeLimit(.minutes(1)))
  func timesOut() async throws {
    try await withStubServer(slowSeconds: 600) { server in
      let api = LiveUserAPI(baseURL: server.baseURL, timeout: 1)
      let error = try await apiError {
        try await api.user("slow")
      }
      #expect(error.kind == .timedOut)
      #expect(error.statusCode == nil)
      #expect(
        error.description == "No response from \(server.baseURL)/users/slow within 1 second. "
          + "Raise --timeout, or use --mock to run offline.")
    }
  }

  @Test("a closed loopback port reports connection refused")
  func connectionRefused() async throws {
    try await withStubServer { server in
      let api = LiveUserAPI(baseURL: server.closedBaseURL, timeout: 5)
      let error = try await apiError {
        try await api.user("octocat")
      }
      #expect(error.kind == .unreachable)
      #expect(error.statusCode == nil)
      #expect(
        error.description == "Could not reach \(server.closedBaseURL)/users/octocat: "
          + "connection refused. Check your network, or use --mock to run offline.")
    }
  }

  @Test("kinds have stable names for logs and exit-status tables")
  func kindNames() {
    let kinds: [UserAPIError.Kind] = [
      .notFound, .unauthorized, .rateLimited, .serverError, .malformedResponse,
      .timedOut, .unreachable, .unexpectedStatus, .invalidRequest,
    ]
    #expect(
      kinds.map(\.description) == [
        "notFound", "unauthorized", "rateLimited", "serverError", "malformedResponse",
        "timedOut", "unreachable", "unexpectedStatus", "invalidRequest",
      ])
    #expect(Set(kinds).count == kinds.count)
  }
}

import Foundation

/// The GitHub REST API as the tests need it: canned answers chosen by the login in
/// `…/users/<login>[/followers]`. Any path prefix before `/users/` is accepted, so base URLs like
/// `/api/v3` work.
///
/// | login | answer |
/// |---|---|
/// | `octocat` | 200 `user-octocat.json`; followers `followers-octocat.json` (needs `per_page=100`) |
/// | `nameless` | 200 `user-nameless.json`; followers `[]` |
/// | `rate-limited` | 403 GitHub's rate-limit JSON, `X-RateLimit-Remaining: 0` |
/// | `too-many` | 429, empty body |
/// | `bad-credentials` | 401 `{"message": "Bad credentials (got <Authorization or None>)"}` |
/// | `forbidden` | 403 `{"message": "Forbidden"}` |
/// | `server-error` | 500, plain text |
/// | `teapot` | 418 `{"message": "I'm a teapot"}` |
/// | `malformed` | 200, truncated JSON |
/// | `missing-field` | 200, a user without `followers` |
/// | `wrong-type` | 200, a user whose `followers` is a string |
/// | `empty-body` | 200, no body |
/// | `bad-followers` | 200 user; followers whose second entry lacks `login` |
/// | `not-a-list` | 200 user object for both routes |
/// | `slow` | 200 user, after `slowSeconds` |
/// | `echo-auth` | 200 user whose `name` is the Authorization header (`null` if absent) |
/// | `echo-request…` | 200 user whose `name` is `<target> accept=<Accept>`; followers: one whose `login` is the target |
/// | anything else | 404 GitHub's "Not Found" JSON |
enum StubGitHub {
  /// The folder holding the JSON fixtures.
  static let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  static let rateLimitMessage =
    "API rate limit exceeded for 127.0.0.1. (But here's the good news: "
    + "Authenticated requests get a higher rate limit. Check out the documentation for more details.)"

  /// The answer to `request`.
  static func respond(to request: StubRequest, slowSeconds: TimeInterval) -> StubResponse {
    let path = request.path
    guard let marker = path.range(of: "/users/") else { return notFound }
    let rest = path[marker.upperBound...].split(separator: "/", omittingEmptySubsequences: false)
    let login = String(rest[0]).removingPercentEncoding ?? String(rest[0])
    let tail = rest.dropFirst().map(String.init)
    guard tail == [] || tail == ["followers"] else { return notFound }
    let wantsFollowers = tail == ["followers"]
    if wantsFollowers, request.query["per_page"] != "100" {
      return .json(400, #"{"message": "expected per_page=100"}"#)
    }
    return route(login, followers: wantsFollowers, request: request, slowSeconds: slowSeconds)
  }

  private static func route(
    _ login: String, followers: Bool, request: StubRequest, slowSeconds: TimeInterval
  ) -> StubResponse {
    switch login {
    case "octocat":
      return fixture(followers ? "followers-octocat.json" : "user-octocat.json")
    case "nameless":
      return followers ? .json(200, "[]") : fixture("user-nameless.json")
    case "rate-limited":
      let body = #"{"message": \#(quoted(rateLimitMessage)), "documentation_url": "https://docs.github.com/rest"}"#
      return .json(403, body, headers: [("X-RateLimit-Limit", "60"), ("X-RateLimit-Remaining", "0")])
    case "too-many":
      return StubResponse(status: 429, headers: [("Content-Type", "text/plain")])
    case "bad-credentials":
      let message = "Bad credentials (got \(request.header("Authorization") ?? "None"))"
      return .json(401, #"{"message": \#(quoted(message))}"#)
    case "forbidden":
      return .json(403, #"{"message": "Forbidden"}"#)
    case "server-error":
      let body = Data("Internal Server Error".utf8)
      return StubResponse(status: 500, headers: [("Content-Type", "text/plain")], body: body)
    case "teapot":
      return .json(418, #"{"message": "I'm a teapot"}"#)
    case "malformed":
      return .json(200, #"{"login": "malformed", "followers": "#)
    case "missing-field":
      return .json(200, #"{"login": "missing-field", "name": null}"#)
    case "wrong-type":
      return .json(200, #"{"login": "wrong-type", "name": null, "followers": "lots"}"#)
    case "empty-body":
      return .json(200, "")
    case "bad-followers":
      return .json(200, followers ? #"[{"login": "alice"}, {"id": 2}]"# : user(login, followers: 2))
    case "not-a-list":
      return .json(200, user(login))
    case "slow":
      var response = StubResponse.json(200, user(login))
      response.delay = slowSeconds
      return response
    case "echo-auth":
      return .json(200, user(login, name: request.header("Authorization")))
    case _ where login.hasPrefix("echo-request"):
      if followers { return .json(200, "[{\"login\": \(quoted(request.target))}]") }
      return .json(200, user(login, name: "\(request.target) accept=\(request.header("Accept") ?? "None")"))
    default:
      return notFound
    }
  }

  static let notFound = StubResponse.json(
    404, #"{"message": "Not Found", "documentation_url": "https://docs.github.com/rest", "status": "404"}"#)

  /// A user object in GitHub's shape; a `nil` name is JSON `null`.
  static func user(_ login: String, name: String? = nil, followers: Int = 0) -> String {
    #"{"login": \#(quoted(login)), "id": 1, "name": \#(name.map(quoted) ?? "null"), "followers": \#(followers)}"#
  }

  /// `text` as a JSON string literal.
  static func quoted(_ text: String) -> String {
    guard let data = try? JSONEncoder().encode(text) else { return "null" }
    return String(decoding: data, as: UTF8.self)
  }

  private static func fixture(_ name: String) -> StubResponse {
    let body = (try? Data(contentsOf: fixtures.appendingPathComponent(name))) ?? Data()
    return StubResponse(status: 200, body: body)
  }
}

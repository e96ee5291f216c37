import Foundation

/// The GitHub REST API as the tests need it: canned answers chosen by the login in
/// `…/users/<login>[/followers]`. Any path prefix before `/users/` is accepted, so base URLs like
/// `/api/v3` work.
///
/// | login | answer |
/// |---|---|
/// | `octocat` | 200 `user-octocat.json`; followers `followers-octocat.json` on page 1, `[]` after |
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
/// | `echo-auth` | 200 user whose `name` is the Authorization header (`null` if absent); followers `[]` |
/// | `echo-request…` | 200 user whose `name` is `<target> accept=<Accept>`; followers: one whose `login` is the target |
/// | `paged` | 200 user with 5 followers, paged by `page`/`per_page` with a GitHub-style `Link` header |
/// | `escapes` | 200 user and followers whose text holds terminal escape sequences |
/// | `escaped-error` | 418 whose message holds terminal escape sequences |
/// | `redirect-same` | 302 to this origin's `echo-auth` (same route and query) |
/// | `redirect-localhost` | 302 to `echo-auth` at `localhost` and this port: another origin |
/// | `redirect-port-N` | 302 to `echo-auth` at 127.0.0.1 and port N: another origin |
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
    if wantsFollowers, request.query["per_page"] == nil || request.query["page"] == nil {
      return .json(400, #"{"message": "expected per_page and page"}"#)
    }
    if login.hasPrefix("redirect-") {
      return redirect(login, request: request)
    }
    return route(login, followers: wantsFollowers, request: request, slowSeconds: slowSeconds)
  }

  private static func route(
    _ login: String, followers: Bool, request: StubRequest, slowSeconds: TimeInterval
  ) -> StubResponse {
    switch login {
    case "octocat":
      if followers, request.query["page"] != "1" { return .json(200, "[]") }
      return fixture(followers ? "followers-octocat.json" : "user-octocat.json")
    case "paged":
      return followers ? paged(request) : .json(200, user(login, name: "Paged", followers: pagedLogins.count))
    case "escapes":
      if followers { return .json(200, #"[{"login": "\u001b[31mred"}, {"login": "plain"}]"#) }
      return .json(200, user(login, name: "\u{1B}]0;pwned\u{7}\u{1B}[2JEvil\u{202E}txt.exe\nforged line", followers: 2))
    case "escaped-error":
      return .json(418, #"{"message": "\u001b[2Jcleared \u009b31m"}"#)
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
      return .json(200, followers ? "[]" : user(login, name: request.header("Authorization")))
    case _ where login.hasPrefix("echo-request"):
      if followers { return .json(200, "[{\"login\": \(quoted(request.target))}]") }
      return .json(200, user(login, name: "\(request.target) accept=\(request.header("Accept") ?? "None")"))
    default:
      return notFound
    }
  }

  /// The followers of `paged`, in the API's order.
  static let pagedLogins = ["eve", "Dave", "carol", "Bob", "alice"]

  /// A page of `paged`'s followers, with `next` and `last` links as GitHub writes them: absolute
  /// URLs by user id, not the path that was asked for.
  private static func paged(_ request: StubRequest) -> StubResponse {
    guard let size = Int(request.query["per_page"] ?? ""), let number = Int(request.query["page"] ?? ""), size > 0
    else {
      return .json(422, #"{"message": "bad paging"}"#)
    }
    let start = min((number - 1) * size, pagedLogins.count)
    let logins = pagedLogins[start..<min(start + size, pagedLogins.count)]
    let body = "[" + logins.map { "{\"login\": \(quoted($0))}" }.joined(separator: ", ") + "]"
    let last = (pagedLogins.count + size - 1) / size
    guard number < last else { return .json(200, body) }
    let link = { (page: Int) in "<http://127.0.0.1:\(request.port)/user/42/followers?per_page=\(size)&page=\(page)>" }
    return .json(200, body, headers: [("Link", "\(link(number + 1)); rel=\"next\", \(link(last)); rel=\"last\"")])
  }

  /// A 302 to `echo-auth`: at this origin, at `localhost`, or at another port.
  private static func redirect(_ login: String, request: StubRequest) -> StubResponse {
    let origin: String
    if login == "redirect-localhost" {
      origin = "http://localhost:\(request.port)"
    } else if login.hasPrefix("redirect-port-"), let port = Int(login.dropFirst("redirect-port-".count)) {
      origin = "http://127.0.0.1:\(port)"
    } else {
      origin = ""  // relative: the same origin
    }
    let rest = request.target.range(of: "/\(login)").map { request.target[$0.upperBound...] } ?? ""
    return StubResponse(status: 302, headers: [("Location", "\(origin)/users/echo-auth\(rest)")])
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

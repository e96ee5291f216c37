import Foundation

/// Turns API responses into values or errors: the format half of the live API (the
/// `DownloaderParser` of "Single Responsibility Principle & iOS").
///
/// Its reasons to change are the API's formats — JSON fields, status codes, the `Link` header — never
/// how requests travel, which is ``APIConnecting``'s concern.
public protocol APIResponseParsing: Sendable {
  /// The user in a response to `GET /users/{login}`.
  ///
  /// - Parameters:
  ///   - response: The response, whatever its status.
  ///   - login: The login that was asked for, for the not-found error.
  /// - Returns: The user.
  /// - Throws: ``UserAPIError`` for an error status or a body that is not a user.
  func user(from response: APIResponse, login: String) throws -> GitHubUser

  /// The page in a response to `GET /users/{login}/followers`.
  ///
  /// - Parameters:
  ///   - response: The response, whatever its status.
  ///   - login: The login whose followers were asked for, for the not-found error.
  ///   - page: The page that was asked for.
  /// - Returns: The page, with the next and last page numbers from the `Link` header.
  /// - Throws: ``UserAPIError`` for an error status or a body that is not a list of followers.
  func followersPage(from response: APIResponse, login: String, page: PageRequest) throws -> FollowersPage
}

/// The GitHub REST API's formats: JSON bodies, `{"message": …}` errors, rate-limit headers and
/// `Link` paging.
public struct GitHubResponseParser: APIResponseParsing {
  /// A token to hide wherever a server's message quotes it.
  private let token: GitHubToken?

  /// Creates a parser.
  ///
  /// - Parameter token: The token requests carry, which a server's error message might echo; it
  ///   is replaced by `<redacted>` in every message.
  public init(hiding token: GitHubToken? = nil) {
    self.token = token
  }

  /// The user in a response to `GET /users/{login}`.
  public func user(from response: APIResponse, login: String) throws -> GitHubUser {
    try decode(GitHubUser.self, from: response, login: login)
  }

  /// The page in a response to `GET /users/{login}/followers`.
  public func followersPage(from response: APIResponse, login: String, page: PageRequest) throws -> FollowersPage {
    let followers = try decode([Follower].self, from: response, login: login)
    let links = response.header("Link").map(LinkHeader.pageNumbers) ?? [:]
    return FollowersPage(request: page, followers: followers, nextPage: links["next"], lastPage: links["last"])
  }

  /// Decodes a successful response or throws the error its status calls for.
  private func decode<Value: Decodable>(_ type: Value.Type, from response: APIResponse, login: String) throws -> Value {
    guard (200..<300).contains(response.status) else {
      throw failure(response, login: login)
    }
    do {
      return try JSONDecoder().decode(type, from: response.body)
    } catch let error as DecodingError {
      let cause = response.body.isEmpty ? "the body is empty" : Self.describe(error)
      throw UserAPIError(.malformedResponse(url: response.url.displayString, cause: cause))
    }
  }

  /// The error for a non-2xx response.
  private func failure(_ response: APIResponse, login: String) -> UserAPIError {
    let displayURL = response.url.displayString
    let status = response.status
    let serverMessage = self.serverMessage(in: response.body)
    switch status {
    case 401:
      return UserAPIError(.unauthorized(serverMessage: serverMessage))
    case 404:
      return .notFound(login: login)
    case 403, 429:
      let mentionsLimit = serverMessage?.lowercased().contains("rate limit") ?? false
      let exhausted = response.header("X-RateLimit-Remaining") == "0"
      if status == 429 || mentionsLimit || exhausted {
        return UserAPIError(.rateLimited(status: status, serverMessage: serverMessage))
      }
      return UserAPIError(.unexpectedStatus(url: displayURL, status: status, serverMessage: serverMessage))
    case 500..<600:
      return UserAPIError(.serverError(url: displayURL, status: status))
    default:
      return UserAPIError(.unexpectedStatus(url: displayURL, status: status, serverMessage: serverMessage))
    }
  }

  /// GitHub's `{"message": "…"}`, made one line, shortened, and with the token hidden.
  private func serverMessage(in data: Data) -> String? {
    struct Body: Decodable {
      let message: String
    }
    guard let body = try? JSONDecoder().decode(Body.self, from: data) else {
      return nil
    }
    var line = body.message.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    if let token {
      line = token.redacted(in: line)
    }
    let limit = 200
    if line.count > limit {
      line = String(line.prefix(limit)) + "…"
    }
    return line.isEmpty ? nil : line
  }
}

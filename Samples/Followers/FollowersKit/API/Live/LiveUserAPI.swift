import Foundation

/// A ``UserAPI`` that calls the GitHub REST API: a facade over a connection, which moves requests and
/// responses, and a parser, which reads them: the `Downloader` over `DownloaderConnection` and
/// `DownloaderParser` of "Single Responsibility Principle & iOS".
///
/// This type knows only GitHub's routes — `GET {baseURL}/users/{login}` and
/// `GET {baseURL}/users/{login}/followers?per_page=N&page=M` — so a change of transport and a change
/// of format each have one place to go.
public struct LiveUserAPI: UserAPI, CustomStringConvertible {
  /// The public GitHub API, `https://api.github.com`.
  public static let gitHubBaseURL: URL = {
    guard let url = URL(string: "https://api.github.com") else {
      preconditionFailure("The GitHub API base URL literal is invalid.")
    }
    return url
  }()

  /// The API root that `/users/…` paths are appended to.
  public let baseURL: URL

  private let connection: any APIConnecting
  private let parser: any APIResponseParsing

  /// Creates a client from its two halves.
  ///
  /// - Parameters:
  ///   - baseURL: The API root; any path it has is kept (for GitHub Enterprise's `/api/v3`).
  ///   - connection: Sends the requests.
  ///   - parser: Reads the responses.
  public init(baseURL: URL = LiveUserAPI.gitHubBaseURL, connection: any APIConnecting, parser: any APIResponseParsing) {
    self.baseURL = baseURL
    self.connection = connection
    self.parser = parser
  }

  /// Creates a client with a ``URLSessionConnection`` and a ``GitHubResponseParser``.
  ///
  /// ```swift
  /// let api = LiveUserAPI(timeout: 5, token: ProcessInfo.processInfo.environment["GITHUB_TOKEN"])
  /// ```
  ///
  /// - Parameters:
  ///   - baseURL: The API root; any path it has is kept (for GitHub Enterprise's `/api/v3`).
  ///   - timeout: How long each request may wait for the server, in seconds.
  ///   - token: A GitHub token; `nil` or blank sends none. See ``TokenPolicy`` for where it goes.
  public init(
    baseURL: URL = LiveUserAPI.gitHubBaseURL, timeout: TimeInterval = URLSessionConnection.defaultTimeout,
    token: String? = nil
  ) {
    let token = GitHubToken(token)
    self.init(
      baseURL: baseURL, connection: URLSessionConnection(apiURL: baseURL, timeout: timeout, token: token),
      parser: GitHubResponseParser(hiding: token))
  }

  /// Fetches `GET /users/{login}`.
  ///
  /// - Parameter login: The login to look up; it is percent-escaped into the path.
  /// - Returns: The decoded user.
  /// - Throws: ``UserAPIError`` for every HTTP, decoding or network failure;
  ///   `CancellationError` when the calling task is cancelled.
  public func user(_ login: String) async throws -> GitHubUser {
    let response = try await connection.get(try endpoint(for: login))
    return try parser.user(from: response, login: login)
  }

  /// Fetches `GET /users/{login}/followers?per_page=N&page=M`.
  ///
  /// - Parameters:
  ///   - login: The login whose followers to list; it is percent-escaped into the path.
  ///   - page: Which page, and how many followers a page holds.
  /// - Returns: The page, in GitHub's order, with the next and last page numbers.
  /// - Throws: ``UserAPIError`` for every HTTP, decoding or network failure;
  ///   `CancellationError` when the calling task is cancelled.
  public func followers(of login: String, page: PageRequest) async throws -> FollowersPage {
    let response = try await connection.get(try endpoint(for: login, page: page))
    return try parser.followersPage(from: response, login: login, page: page)
  }

  /// `LiveUserAPI(baseURL: …, connection: …)`; the connection never shows the token.
  public var description: String {
    "LiveUserAPI(baseURL: \(baseURL.displayString), connection: \(connection))"
  }

  /// `{baseURL}/users/{login}`, or its `/followers` with the page's query.
  private func endpoint(for login: String, page: PageRequest? = nil) throws -> URL {
    guard !login.isEmpty else {
      throw UserAPIError.notFound(login: login)
    }
    let invalid = UserAPIError(.invalidRequest(login: login, baseURL: baseURL.displayString))
    guard
      var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true),
      let escaped = login.addingPercentEncoding(withAllowedCharacters: Self.loginAllowed)
    else {
      throw invalid
    }
    var path = components.percentEncodedPath
    while path.hasSuffix("/") {
      path.removeLast()
    }
    path += "/users/" + escaped
    components.percentEncodedQuery = nil
    if let page {
      path += "/followers"
      components.percentEncodedQuery = "per_page=\(page.size)&page=\(page.number)"
    }
    components.percentEncodedPath = path
    components.fragment = nil
    guard let url = components.url else {
      throw invalid
    }
    return url
  }

  /// Characters left unescaped in a login path segment; `.` and `/` are escaped
  /// so a login can never form `..` or an extra path segment.
  private static let loginAllowed = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_~"
  )
}

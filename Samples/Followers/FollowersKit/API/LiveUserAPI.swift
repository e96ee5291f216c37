import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A ``UserAPI`` that calls the GitHub REST API over HTTP.
///
/// Sends `GET {baseURL}/users/{login}` and
/// `GET {baseURL}/users/{login}/followers?per_page=100` with
/// `Accept: application/vnd.github+json`, plus `Authorization: Bearer …`
/// when a token is given. The token is never printed, logged, or put in an
/// error message, and this type's `description` and mirror leave it out.
public final class LiveUserAPI: UserAPI, CustomStringConvertible, CustomReflectable {
  /// The public GitHub API, `https://api.github.com`.
  public static let gitHubBaseURL: URL = {
    guard let url = URL(string: "https://api.github.com") else {
      preconditionFailure("The GitHub API base URL literal is invalid.")
    }
    return url
  }()

  /// The default per-request timeout, in seconds.
  public static let defaultTimeout: TimeInterval = 10

  /// The API root that `/users/…` paths are appended to.
  public let baseURL: URL

  /// How long each request may wait for the server, in seconds.
  public let timeout: TimeInterval

  private let token: String?
  private let session: URLSession
  private let ownsSession: Bool

  /// Creates a client.
  ///
  /// ```swift
  /// let api = LiveUserAPI(timeout: 5, token: ProcessInfo.processInfo.environment["GITHUB_TOKEN"])
  /// ```
  ///
  /// - Parameters:
  ///   - session: The session to send requests with; by default an ephemeral session owned by
  ///     this client. A shared session keeps its own settings; only the per-request timeout applies.
  ///   - baseURL: The API root; any path it has is kept (for GitHub Enterprise's `/api/v3`).
  ///   - timeout: How long each request may wait for the server, in seconds; must be positive.
  ///   - token: A GitHub token sent as `Authorization: Bearer`; `nil` or blank sends none.
  public init(
    http session: URLSession? = nil,
    baseURL: URL = LiveUserAPI.gitHubBaseURL,
    timeout: TimeInterval = LiveUserAPI.defaultTimeout,
    token: String? = nil
  ) {
    self.baseURL = baseURL
    self.timeout = timeout
    let trimmed = token?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    self.token = trimmed.isEmpty ? nil : trimmed
    if let session {
      self.session = session
      ownsSession = false
    } else {
      let configuration = URLSessionConfiguration.ephemeral
      configuration.timeoutIntervalForRequest = timeout
      configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
      configuration.urlCache = nil
      self.session = URLSession(configuration: configuration)
      ownsSession = true
    }
  }

  deinit {
    if ownsSession {
      session.finishTasksAndInvalidate()
    }
  }

  /// Fetches `GET /users/{login}`.
  ///
  /// - Parameter login: The login to look up; it is percent-escaped into the path.
  /// - Returns: The decoded user.
  /// - Throws: ``UserAPIError`` for every HTTP, decoding or network failure;
  ///   `CancellationError` when the calling task is cancelled.
  public func user(_ login: String) async throws -> GitHubUser {
    let url = try endpoint(for: login, followers: false)
    return try await get(url, login: login, as: GitHubUser.self)
  }

  /// Fetches the first page of `GET /users/{login}/followers?per_page=100`.
  ///
  /// - Parameter login: The login whose followers to list; it is percent-escaped into the path.
  /// - Returns: Up to 100 followers, in GitHub's order.
  /// - Throws: ``UserAPIError`` for every HTTP, decoding or network failure;
  ///   `CancellationError` when the calling task is cancelled.
  public func followers(of login: String) async throws -> [Follower] {
    let url = try endpoint(for: login, followers: true)
    return try await get(url, login: login, as: [Follower].self)
  }

  /// A summary that names the base URL and timeout but never shows the token.
  public var description: String {
    let seconds = UserAPIError.describeSeconds(timeout)
    let auth = token == nil ? "none" : "<redacted>"
    let base = ResponseInterpreter.display(baseURL)
    return "LiveUserAPI(baseURL: \(base), timeout: \(seconds), token: \(auth))"
  }

  /// A mirror that reports whether a token is set, never its value.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "baseURL": baseURL,
        "timeout": timeout,
        "hasToken": token != nil,
      ])
  }

  private func get<Value: Decodable>(
    _ url: URL, login: String, as type: Value.Type
  ) async throws -> Value {
    let interpreter = ResponseInterpreter(
      url: url, login: login, timeout: timeout, secret: token
    )
    var request = URLRequest(
      url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout
    )
    request.httpMethod = "GET"
    request.setValue("application/vnd.github+json", forHTTPHeaderField: "Accept")
    request.setValue("2022-11-28", forHTTPHeaderField: "X-GitHub-Api-Version")
    if let token {
      request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    }
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await Self.load(request, with: session)
    } catch {
      throw interpreter.transportFailure(error)
    }
    return try interpreter.decode(type, data: data, response: response)
  }

  /// Sends `request` and waits for the whole response; cancelling the calling task cancels the request.
  ///
  /// NB: not `URLSession.data(for:)`. In swift-corelibs-foundation its cancellation handler calls
  /// `URLSessionTask.cancel()`, which waits on the session's queue, while the runtime holds the task's
  /// status lock — and the session's queue may at that moment be resuming the same task, which needs
  /// that lock: a deadlock (seen in about one run in four when a failed `async let` cancels its
  /// sibling request). Cancelling from another queue breaks the cycle.
  private static func load(_ request: URLRequest, with session: URLSession) async throws -> (Data, URLResponse) {
    let pending = PendingRequest()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = session.dataTask(with: request) { data, response, error in
          if let error {
            continuation.resume(throwing: error)
          } else if let response {
            continuation.resume(returning: (data ?? Data(), response))
          } else {
            continuation.resume(throwing: URLError(.badServerResponse))
          }
        }
        pending.start(task)
      }
    } onCancel: {
      DispatchQueue.global().async { pending.cancel() }
    }
  }

  private func endpoint(for login: String, followers: Bool) throws -> URL {
    guard !login.isEmpty else {
      throw UserAPIError.notFound(login: login)
    }
    let invalid = UserAPIError(
      .invalidRequest(
        login: login, baseURL: ResponseInterpreter.display(baseURL)
      ))
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
    if followers {
      path += "/followers"
      components.percentEncodedQuery = "per_page=\(Follower.maxPerPage)"
    } else {
      components.percentEncodedQuery = nil
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

/// A request that may be cancelled before or after it starts.
private final class PendingRequest: @unchecked Sendable {
  // @unchecked: `task` and `isCancelled` are only accessed under `lock`.
  private let lock = NSLock()
  private var task: URLSessionDataTask?
  private var isCancelled = false

  /// Starts `task`, or cancels it at once if the request was cancelled already.
  func start(_ task: URLSessionDataTask) {
    let cancelled = lock.withLock {
      self.task = task
      return isCancelled
    }
    task.resume()
    if cancelled { task.cancel() }
  }

  /// Cancels the request, now or when it starts.
  func cancel() {
    let task = lock.withLock {
      isCancelled = true
      return self.task
    }
    task?.cancel()
  }
}

import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An ``APIConnecting`` over `URLSession`: GitHub's headers, a per-request timeout, and the token only
/// where ``TokenPolicy`` allows it — on the first request and on every redirect.
///
/// The token is never printed, logged or put in an error message; this type's `description` and
/// mirror leave it out.
public final class URLSessionConnection: APIConnecting, CustomStringConvertible, CustomReflectable {
  /// The default per-request timeout, in seconds.
  public static let defaultTimeout: TimeInterval = 10

  /// How long each request may wait for the server, in seconds.
  public let timeout: TimeInterval

  private let policy: TokenPolicy
  private let session: URLSession

  /// Creates a connection with its own ephemeral session (no cache, no cookies kept).
  ///
  /// ```swift
  /// let connection = URLSessionConnection(
  ///   apiURL: LiveUserAPI.gitHubBaseURL, token: GitHubToken(ProcessInfo.processInfo.environment["GITHUB_TOKEN"]))
  /// ```
  ///
  /// - Parameters:
  ///   - apiURL: The API's base URL: the only origin the token goes to.
  ///   - timeout: How long each request may wait for the server, in seconds; keep it from 1 to 3600
  ///     (swift-corelibs-foundation counts whole seconds, and overflows on huge values).
  ///   - token: A GitHub token sent as `Authorization: Bearer` where ``TokenPolicy`` allows; `nil`
  ///     sends none.
  public init(apiURL: URL, timeout: TimeInterval = URLSessionConnection.defaultTimeout, token: GitHubToken? = nil) {
    self.timeout = timeout
    policy = TokenPolicy(apiURL: apiURL, token: token)
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    session = URLSession(configuration: configuration, delegate: RedirectGuard(policy: policy), delegateQueue: nil)
  }

  deinit {
    session.finishTasksAndInvalidate()
  }

  /// Sends `GET url` with GitHub's `Accept` and version headers, and the token if the policy allows.
  ///
  /// - Parameter url: The request URL.
  /// - Returns: The response, whatever its status.
  /// - Throws: ``UserAPIError`` when no HTTP response arrived; `CancellationError` when cancelled.
  public func get(_ url: URL) async throws -> APIResponse {
    var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
    request.httpMethod = "GET"
    request.setValue("application/vnd.github+json", forHTTPHeaderField: "Accept")
    request.setValue("2022-11-28", forHTTPHeaderField: "X-GitHub-Api-Version")
    if let authorization = policy.authorization(for: url) {
      request.setValue(authorization, forHTTPHeaderField: "Authorization")
    }
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await PendingRequest.load(request, with: session)
    } catch {
      throw TransportFailure.error(for: error, url: url, timeout: timeout)
    }
    guard let http = response as? HTTPURLResponse else {
      throw UserAPIError(.malformedResponse(url: url.displayString, cause: "the response is not HTTP"))
    }
    var headers: [String: String] = [:]
    for case (let name as String, let value as String) in http.allHeaderFields {
      headers[name] = value  // APIResponse lowercases the names
    }
    return APIResponse(url: url, status: http.statusCode, headers: headers, body: data)
  }

  /// `URLSessionConnection(timeout: 10 seconds, TokenPolicy(…))`; never the token itself.
  public var description: String {
    "URLSessionConnection(timeout: \(UserAPIError.describeSeconds(timeout)), \(policy))"
  }

  /// A mirror that reports the timeout and whether a token is sent, never its value.
  public var customMirror: Mirror {
    Mirror(self, children: ["timeout": timeout, "sendsToken": policy.sendsToken])
  }
}

/// Takes the token off a redirected request when ``TokenPolicy`` does not allow it there — another
/// origin, or plain http to a host that is not loopback.
///
/// NB: `URLSession` copies every header of the first request onto the redirected one, on Darwin and
/// in swift-corelibs-foundation alike; both ask the session's delegate first, also for tasks with a
/// completion handler.
private final class RedirectGuard: NSObject, URLSessionTaskDelegate, Sendable {
  let policy: TokenPolicy

  init(policy: TokenPolicy) {
    self.policy = policy
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    var redirected = request
    if let url = request.url, policy.authorization(for: url) == nil {
      redirected.setValue(nil, forHTTPHeaderField: "Authorization")
    }
    completionHandler(redirected)
  }
}

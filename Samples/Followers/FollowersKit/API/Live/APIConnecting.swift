import Foundation

/// One HTTP response, as a connection received it: what a parser turns into values or errors.
public struct APIResponse: Sendable, Equatable {
  /// The URL that was requested (before any redirect), as messages name it.
  public let url: URL
  /// The HTTP status code.
  public let status: Int
  /// The header fields, by lowercased name.
  public let headers: [String: String]
  /// The body.
  public let body: Data

  /// Creates a response.
  ///
  /// - Parameters:
  ///   - url: The URL that was requested.
  ///   - status: The HTTP status code.
  ///   - headers: The header fields; names are lowercased.
  ///   - body: The body.
  public init(url: URL, status: Int, headers: [String: String] = [:], body: Data = Data()) {
    self.url = url
    self.status = status
    self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
    self.body = body
  }

  /// The value of a header field, whatever the case of its name.
  ///
  /// - Parameter name: The field's name, such as `Link`.
  /// - Returns: The value, or `nil` when the response has no such field.
  public func header(_ name: String) -> String? {
    headers[name.lowercased()]
  }
}

/// Sends requests to the API and brings back their responses: the transport half of the live API
/// (the `DownloaderConnection` of "Single Responsibility Principle & iOS").
///
/// Its reasons to change are transport reasons — TLS, sessions, timeouts, redirects, who may see the
/// token — never the shape of GitHub's JSON, which is ``APIResponseParsing``'s concern.
public protocol APIConnecting: Sendable {
  /// Sends `GET url` and waits for the whole response, whatever its status.
  ///
  /// - Parameter url: The request URL, at the API's origin.
  /// - Returns: The response.
  /// - Throws: ``UserAPIError`` when no HTTP response arrived (timeout, unreachable, not HTTP);
  ///   `CancellationError` when the calling task is cancelled.
  func get(_ url: URL) async throws -> APIResponse
}

extension URL {
  /// The URL as text for messages, without any user name or password it may carry.
  var displayString: String {
    guard var components = URLComponents(url: self, resolvingAgainstBaseURL: true),
      components.user != nil || components.password != nil
    else {
      return absoluteString
    }
    components.user = nil
    components.password = nil
    return components.string ?? absoluteString
  }
}

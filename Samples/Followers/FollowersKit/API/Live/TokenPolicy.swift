import Foundation

/// Decides which requests may carry the GitHub token.
///
/// The token goes only to the API's own origin — the scheme, host and port of its base URL — and
/// only over https, or over plain http to a loopback host (`localhost`, `127.0.0.0/8`, `::1`), which
/// tests use. A request anywhere else, including a redirect that leaves the origin, goes without it.
/// Origins compare as browsers compare them: `http://localhost:8080` and `http://127.0.0.1:8080`
/// are different origins.
///
/// ```swift
/// let policy = TokenPolicy(apiURL: URL(string: "https://api.github.com")!, token: GitHubToken("ghp_…"))
/// policy.authorization(for: URL(string: "https://api.github.com/users/octocat")!)   // "Bearer ghp_…"
/// policy.authorization(for: URL(string: "https://example.com/elsewhere")!)          // nil
/// ```
public struct TokenPolicy: Sendable, CustomStringConvertible {
  /// A URL's scheme, host and port, lowercased, with the scheme's default port filled in.
  struct Origin: Hashable, Sendable {
    let scheme: String
    let host: String
    let port: Int

    init?(_ url: URL) {
      guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else {
        return nil
      }
      let defaultPort: Int
      switch scheme {
      case "https": defaultPort = 443
      case "http": defaultPort = 80
      default: return nil
      }
      self.scheme = scheme
      self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
      self.port = url.port ?? defaultPort
    }
  }

  private let origin: Origin?
  private let token: GitHubToken?

  /// Creates the policy for an API and a token.
  ///
  /// - Parameters:
  ///   - apiURL: The API's base URL; its origin is the only one the token goes to.
  ///   - token: The token, or `nil` to send none anywhere.
  public init(apiURL: URL, token: GitHubToken?) {
    origin = Origin(apiURL)
    self.token = token
  }

  /// Whether any request will carry the token: there is one, and the API's base URL is https or
  /// plain http to a loopback host.
  public var sendsToken: Bool {
    guard let origin, token != nil else { return false }
    return Self.isSecureOrLoopback(origin)
  }

  /// The `Authorization` header for a request to `url`, or `nil` when the request must go without
  /// the token.
  ///
  /// - Parameter url: Where the request goes, first or after a redirect.
  /// - Returns: `Bearer <token>`, or `nil`.
  public func authorization(for url: URL) -> String? {
    guard sendsToken, let token, let target = Origin(url), target == origin else { return nil }
    return token.authorization
  }

  /// Whether a URL is https, or plain http to a loopback host: where a token may travel.
  ///
  /// - Parameter url: The URL to check.
  /// - Returns: `true` for `https://…` and for `http://localhost…`, `http://127.…`, `http://[::1]…`.
  public static func isSecureOrLoopback(_ url: URL) -> Bool {
    Origin(url).map(isSecureOrLoopback) ?? false
  }

  /// Whether a host name is `localhost` or a loopback address.
  ///
  /// - Parameter host: A host name or IP address, lowercased, without brackets.
  /// - Returns: `true` for `localhost`, `127.0.0.0/8` and `::1`.
  static func isLoopback(_ host: String) -> Bool {
    if host == "localhost" || host == "::1" { return true }
    let octets = host.split(separator: ".", omittingEmptySubsequences: false).map { UInt8($0) }
    return octets.count == 4 && octets.allSatisfy { $0 != nil } && octets[0] == 127
  }

  private static func isSecureOrLoopback(_ origin: Origin) -> Bool {
    origin.scheme == "https" || isLoopback(origin.host)
  }

  /// `TokenPolicy(origin: https://api.github.com:443, token: <redacted>)`; never the token itself.
  public var description: String {
    let place = origin.map { "\($0.scheme)://\($0.host):\($0.port)" } ?? "none"
    return "TokenPolicy(origin: \(place), token: \(token == nil ? "none" : "<redacted>"))"
  }
}

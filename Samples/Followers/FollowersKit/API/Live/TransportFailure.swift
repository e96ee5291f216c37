import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The error for a request that got no HTTP response at all.
enum TransportFailure {
  /// Translates what `URLSession` threw into a ``UserAPIError`` (or a `CancellationError`).
  ///
  /// - Parameters:
  ///   - error: What the session threw.
  ///   - url: The request URL, for the message.
  ///   - timeout: The per-request timeout, for the timeout message.
  /// - Returns: The error to throw.
  static func error(for error: any Error, url: URL, timeout: TimeInterval) -> any Error {
    if error is CancellationError {
      return error
    }
    let displayURL = url.displayString
    guard let urlError = error as? URLError else {
      let text = String(describing: error).split(whereSeparator: \.isWhitespace).joined(separator: " ")
      return UserAPIError(.unreachable(url: displayURL, cause: text.isEmpty ? "unknown error" : text))
    }
    let cause: String
    switch urlError.code {
    case .cancelled:
      return CancellationError()
    case .timedOut:
      return UserAPIError(.timedOut(url: displayURL, seconds: timeout))
    case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData:
      return UserAPIError(.malformedResponse(url: displayURL, cause: "the server sent an invalid HTTP response"))
    case .httpTooManyRedirects, .redirectToNonExistentLocation:
      cause = "the server redirected too many times, or to nowhere"
    case .cannotConnectToHost:
      cause = "connection refused"
    case .cannotFindHost, .dnsLookupFailed:
      cause = "host not found (DNS lookup failed)"
    case .notConnectedToInternet:
      cause = "no internet connection"
    case .networkConnectionLost:
      cause = "the connection was lost"
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
      cause = "the secure (TLS) connection failed"
    case .unsupportedURL, .badURL:
      cause = "the URL is not supported"
    default:
      cause = "network error (URLError \(urlError.code.rawValue))"
    }
    return UserAPIError(.unreachable(url: displayURL, cause: cause))
  }
}

import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Turns one HTTP exchange with the GitHub API into a decoded value or a ``UserAPIError``.
struct ResponseInterpreter: Sendable {
  /// The request URL as shown in messages (without any user or password).
  let displayURL: String
  /// The login the request was for.
  let login: String
  /// The per-request timeout, for the timeout message.
  let timeout: TimeInterval
  /// A value that must never appear in a message (the token); replaced when found.
  let secret: String?

  init(url: URL, login: String, timeout: TimeInterval, secret: String?) {
    displayURL = Self.display(url)
    self.login = login
    self.timeout = timeout
    self.secret = secret
  }

  /// Decodes a successful response or throws the error its status calls for.
  func decode<Value: Decodable>(
    _ type: Value.Type, data: Data, response: URLResponse
  ) throws -> Value {
    guard let http = response as? HTTPURLResponse else {
      throw UserAPIError(.malformedResponse(url: displayURL, cause: "the response is not HTTP"))
    }
    let status = http.statusCode
    guard (200..<300).contains(status) else {
      throw failure(status: status, data: data, response: http)
    }
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch let error as DecodingError {
      let cause = data.isEmpty ? "the body is empty" : Self.describe(error)
      throw UserAPIError(.malformedResponse(url: displayURL, cause: cause))
    }
  }

  /// The error for a non-2xx response.
  func failure(status: Int, data: Data, response: HTTPURLResponse) -> UserAPIError {
    let serverMessage = self.serverMessage(in: data)
    switch status {
    case 401:
      return UserAPIError(.unauthorized(serverMessage: serverMessage))
    case 404:
      return .notFound(login: login)
    case 403, 429:
      let mentionsLimit = serverMessage?.lowercased().contains("rate limit") ?? false
      let exhausted = response.value(forHTTPHeaderField: "x-ratelimit-remaining") == "0"
      if status == 429 || mentionsLimit || exhausted {
        return UserAPIError(.rateLimited(status: status, serverMessage: serverMessage))
      }
      return UserAPIError(
        .unexpectedStatus(
          url: displayURL, status: status, serverMessage: serverMessage
        ))
    case 500..<600:
      return UserAPIError(.serverError(url: displayURL, status: status))
    default:
      return UserAPIError(
        .unexpectedStatus(
          url: displayURL, status: status, serverMessage: serverMessage
        ))
    }
  }

  /// The error for a request that got no HTTP response at all.
  func transportFailure(_ error: any Error) -> any Error {
    if error is CancellationError {
      return error
    }
    guard let urlError = error as? URLError else {
      let text = oneLine(String(describing: error)) ?? "unknown error"
      return UserAPIError(.unreachable(url: displayURL, cause: text))
    }
    let cause: String
    switch urlError.code {
    case .cancelled:
      return CancellationError()
    case .timedOut:
      return UserAPIError(.timedOut(url: displayURL, seconds: timeout))
    case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData,
      .cannotDecodeContentData:
      return UserAPIError(
        .malformedResponse(
          url: displayURL, cause: "the server sent an invalid HTTP response"
        ))
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

  /// GitHub's `{"message": "…"}`, made one line, shortened, and with the secret removed.
  func serverMessage(in data: Data) -> String? {
    struct Body: Decodable {
      let message: String
    }
    guard let body = try? JSONDecoder().decode(Body.self, from: data) else {
      return nil
    }
    return oneLine(body.message)
  }

  /// Collapses whitespace to single spaces, hides the secret and caps the length.
  func oneLine(_ text: String) -> String? {
    var line = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    if let secret, !secret.isEmpty {
      line = line.replacingOccurrences(of: secret, with: "<redacted>")
    }
    let limit = 200
    if line.count > limit {
      line = String(line.prefix(limit)) + "…"
    }
    return line.isEmpty ? nil : line
  }

  /// The URL as text, without any user name or password it may carry.
  static func display(_ url: URL) -> String {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true),
      components.user != nil || components.password != nil
    else {
      return url.absoluteString
    }
    components.user = nil
    components.password = nil
    return components.string ?? url.absoluteString
  }
}

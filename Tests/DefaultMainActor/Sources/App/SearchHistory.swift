import Foundation

/// The logins searched before, kept in a file: loading it is async, so an `AsyncKey` provides it.
actor SearchHistory {
  private(set) var logins: [String]
  private let file: URL

  private init(logins: [String], file: URL) {
    self.logins = logins
    self.file = file
  }

  /// Reads the history from `file`, empty when there is none.
  static func load(from file: URL) async throws -> SearchHistory {
    guard FileManager.default.fileExists(atPath: file.path) else { return SearchHistory(logins: [], file: file) }
    let data = try Data(contentsOf: file)
    return SearchHistory(logins: try JSONDecoder().decode([String].self, from: data), file: file)
  }

  /// Adds `login` and saves the history.
  func add(_ login: String) throws {
    logins.append(login)
    try JSONEncoder().encode(logins).write(to: file)
  }
}

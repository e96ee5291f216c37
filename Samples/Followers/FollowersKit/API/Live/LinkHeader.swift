import Foundation

/// Reads GitHub's `Link` header: `<https://…?page=2&per_page=100>; rel="next", <…?page=13…>; rel="last"`.
enum LinkHeader {
  /// The page number each relation points at, such as `["next": 2, "last": 13]`.
  ///
  /// Only the `page` query parameter of each link is read; the links themselves are never requested,
  /// so a server cannot send the client (and its token) anywhere else. Links without a page number
  /// from 1 to ``PageRequest/maximumNumber`` are ignored.
  ///
  /// - Parameter value: The header's value.
  /// - Returns: Page numbers by relation name.
  static func pageNumbers(in value: String) -> [String: Int] {
    var pages: [String: Int] = [:]
    var rest = value[...]
    while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
      let target = rest[rest.index(after: open)..<close]
      let parametersEnd = rest[close...].dropFirst().firstIndex(of: "<") ?? rest.endIndex
      let parameters = rest[rest.index(after: close)..<parametersEnd]
      rest = rest[parametersEnd...]
      guard let page = pageNumber(in: String(target)) else { continue }
      for relation in relations(in: parameters) where pages[relation] == nil {
        pages[relation] = page
      }
    }
    return pages
  }

  /// The `page` query parameter of a link target.
  private static func pageNumber(in target: String) -> Int? {
    guard let items = URLComponents(string: target)?.queryItems,
      let text = items.first(where: { $0.name == "page" })?.value,
      let number = Int(text), (1...PageRequest.maximumNumber).contains(number)
    else {
      return nil
    }
    return number
  }

  /// The relation names in a link's parameters: `; rel="next"` or `; rel="prev first"`.
  private static func relations(in parameters: Substring) -> [String] {
    for parameter in parameters.split(separator: ";") {
      let pair = parameter.split(separator: "=", maxSplits: 1)
      guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel" else { continue }
      let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t\","))
      return value.lowercased().split(separator: " ").map(String.init)
    }
    return []
  }
}

/// Which page of a user's followers to fetch: GitHub's `page` and `per_page` parameters.
///
/// Values out of range are brought into range — a number below 1 becomes 1, a size outside
/// `1...100` the nearest bound — so a request is always one GitHub would answer; the command line
/// refuses such values with a usage error before they get here.
public struct PageRequest: Sendable, Hashable, CustomStringConvertible {
  /// The most followers GitHub returns on one page (`per_page=100`).
  public static let maximumSize = 100

  /// The highest page number a request may ask for; far beyond any account's followers, and low
  /// enough that positions on the page (``firstPosition``) never overflow.
  public static let maximumNumber = 1_000_000

  /// The page's number, from 1.
  public let number: Int

  /// How many followers a page holds, from 1 to ``maximumSize``.
  public let size: Int

  /// Creates a page request.
  ///
  /// - Parameters:
  ///   - number: The page's number, from 1 to ``maximumNumber``; the first page by default.
  ///   - size: Followers per page, from 1 to ``maximumSize``; 100 by default.
  public init(number: Int = 1, size: Int = PageRequest.maximumSize) {
    self.number = min(max(number, 1), Self.maximumNumber)
    self.size = min(max(size, 1), Self.maximumSize)
  }

  /// The same request for another page number.
  ///
  /// - Parameter number: The page's number.
  /// - Returns: A request with this request's size.
  public func page(_ number: Int) -> PageRequest {
    PageRequest(number: number, size: size)
  }

  /// The position, from 1, that the page's first follower has in the whole list.
  public var firstPosition: Int { (number - 1) * size + 1 }

  /// `page 2 (100 per page)`.
  public var description: String { "page \(number) (\(size) per page)" }
}

/// One page of a user's followers, in the API's order, and the pages around it.
///
/// GitHub says where the next and the last pages are in its `Link` header; only their numbers are
/// kept, so a client asks for them by number at its own API origin and never follows a URL the
/// server sent.
public struct FollowersPage: Sendable, Equatable {
  /// The page that was asked for.
  public let request: PageRequest

  /// The followers on the page: at most `request.size`, and none past the last page.
  public let followers: [Follower]

  /// The next page's number, or `nil` on the last page.
  public let nextPage: Int?

  /// The last page's number when the API said it (GitHub does on every page but the last).
  public let lastPage: Int?

  /// Creates a page.
  ///
  /// - Parameters:
  ///   - request: The page that was asked for.
  ///   - followers: The followers on it.
  ///   - nextPage: The next page's number, or `nil` on the last page.
  ///   - lastPage: The last page's number, when known.
  public init(request: PageRequest, followers: [Follower], nextPage: Int? = nil, lastPage: Int? = nil) {
    self.request = request
    self.followers = followers
    self.nextPage = nextPage
    self.lastPage = lastPage
  }
}

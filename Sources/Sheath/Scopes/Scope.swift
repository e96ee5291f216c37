/// A named lifetime that a child graph opens, such as the flow of screens that share one
/// DataController.
///
/// Declare your scopes once and bind keys to them with ``Lifetime/scoped(_:)``:
///
/// ```swift
/// extension Scope {
///   static let flow = Scope("flow")
/// }
///
/// extension Keys {
///   static let followersData = Key<any FollowersDataControlling>(.scoped(.flow)) { r in
///     FollowersDataController(api: r[.userAPI])
///   }
/// }
///
/// let flow = graph.child(scope: .flow)   // one FollowersDataController for this flow
/// ```
///
/// A scoped key is cached in the nearest graph, from the resolving graph up through its parents, that
/// opened its scope; it is released with that graph. Scopes are equal when their names are equal.
public struct Scope: Hashable, Sendable, CustomStringConvertible {
  /// The scope's name, used in diagnostics.
  public let name: String

  /// Creates a scope with a name for diagnostics.
  ///
  /// - Parameter name: A short name, such as `"flow"` or `"session"`.
  public init(_ name: String) {
    self.name = name
  }

  /// `.name`, as the scope is written in code.
  public var description: String { ".\(name)" }
}

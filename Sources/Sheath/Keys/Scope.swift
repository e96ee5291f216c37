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
///   static var followersData: Key<any FollowersDataControlling> {
///     Key(.scoped(.flow)) { r in
///       FollowersDataController(api: r[.userAPI])
///     }
///   }
/// }
///
/// // one FollowersDataController for this flow
/// let flow = graph.child(scope: .flow)
/// ```
///
/// A scoped key is cached in the nearest graph, from the resolving graph up through its parents, that
/// opened its scope; it is released with that graph. Scopes are equal when their names are equal.
public struct Scope: Hashable, Sendable, CustomStringConvertible {
  /// The scope's interned name: scopes are compared on every scoped resolution, so by integer.
  @usableFromInline let id: Int

  /// The scope whose interned name is `id`.
  init(id: Int) {
    self.id = id
  }

  /// Creates a scope with a name for diagnostics.
  ///
  /// A scope must have a name: an empty or all-whitespace one stops the program here.
  ///
  /// - Parameters:
  ///   - name: A short name, such as `"flow"` or `"session"`.
  ///   - fileID: Where the scope is created, for the stop when it has no name; leave the default.
  ///   - line: Where the scope is created, likewise.
  public init(_ name: String, fileID: StaticString = #fileID, line: Int = #line) {
    if isBlank(name) {
      DeclarationFailure.unnamedScope(name, CodeLocation(fileID: "\(fileID)", line: line))
        .trap(file: fileID, line: UInt(max(0, line)))
    }
    self.id = ScopeNames.shared.id(for: name)
  }

  /// The scope's name, used in diagnostics.
  public var name: String { ScopeNames.shared.name(of: id) }

  /// `.name`, as the scope is written in code.
  public var description: String { ".\(name)" }
}

/// Interns scope names, so that a ``Scope`` (and a lifetime holding one) is a plain integer.
final class ScopeNames: Sendable {
  static let shared = ScopeNames()

  private let names = Locked<(ids: [String: Int], names: [String])>(([:], []))

  func id(for name: String) -> Int {
    names.withLock { table in
      if let id = table.ids[name] { return id }
      table.names.append(name)
      table.ids[name] = table.names.count - 1
      return table.names.count - 1
    }
  }

  func name(of id: Int) -> String {
    names.withLock { $0.names[id] }
  }
}

extension Graph {
  /// A key that two graphs resolve with different bindings; see ``diff(against:)``.
  public struct BindingDifference: Sendable, CustomStringConvertible {
    /// The key.
    public let key: Keys
    /// Where the first graph's binding comes from; `nil` when nothing binds the key there.
    public let here: BindingSource?
    /// Where the other graph's binding comes from; `nil` when nothing binds the key there.
    public let there: BindingSource?

    /// `Keys.userAPI: LiveAPIModule (App/Modules.swift:8) here, FakeAPIModule (App/Modules.swift:15) there`.
    public var description: String {
      "\(key.name): \(here.map(\.description) ?? "nothing") here, \(there.map(\.description) ?? "nothing") there"
    }
  }
}

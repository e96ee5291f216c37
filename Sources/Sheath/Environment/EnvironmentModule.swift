extension Module {
  /// This module, installed only when the graph is built for one of `environments`.
  ///
  /// A whole layer swaps in one line:
  ///
  /// ```swift
  /// let graph = try Graph(
  ///   modules: [AppModule(), LiveAPIModule().only(in: .live), FakeAPIModule().only(in: .mock, .preview)],
  ///   environment: try AppEnvironment.detect())
  /// ```
  ///
  /// - Parameter environments: The environments to install the module in.
  /// - Returns: A module that registers this one's bindings in those environments and nothing in others.
  public func only(in environments: AppEnvironment...) -> some Module {
    EnvironmentModule(module: self, environments: Set(environments))
  }
}

/// A module installed only in some environments.
struct EnvironmentModule<Wrapped: Module>: Module {
  let module: Wrapped
  let environments: Set<AppEnvironment>

  func register(into bindings: inout Bindings) {
    guard environments.contains(bindings.environment) else { return }
    bindings.include(module)
  }
}

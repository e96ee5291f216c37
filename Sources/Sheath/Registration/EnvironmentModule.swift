extension Module {
  /// This module, installed only when the graph is built for one of `environments`.
  ///
  /// A whole layer swaps in one line:
  ///
  /// ```swift
  /// let graph = try Graph(
  ///   modules: [
  ///     AppModule(),
  ///     LiveAPIModule().only(in: .live),
  ///     FakeAPIModule().only(in: .mock, .preview),
  ///   ],
  ///   environment: try AppEnvironment.detect())
  /// ```
  ///
  /// - Parameter environments: The environments to install the module in.
  /// - Returns: A module that registers this one's bindings in those environments and nothing in others.
  public func only(in environments: AppEnvironment...) -> some Module {
    EnvironmentModule(module: self, environments: Set(environments))
  }
}

/// A module installed only in some environments. Installing it installs the wrapped module, or
/// nothing: the same module type wrapped for two environments installs the one that matches.
struct EnvironmentModule<Wrapped: Module>: Module, ModuleWrapper {
  let module: Wrapped
  let environments: Set<AppEnvironment>

  func register(into bindings: inout Bindings) {
    if let wrapped = module(in: bindings.environment) { bindings.include(wrapped) }
  }

  func module(in environment: AppEnvironment) -> (any Module)? {
    environments.contains(environment) ? module : nil
  }
}
